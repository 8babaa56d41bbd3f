import { describe, expect, it } from 'vitest';
import { appPermission, denyAll, type PermissionAsk } from './permissions.js';

const APP = 'file:///opt/agentic/out/renderer/index.html';
const isAppUrl = (url: string) => url.split('#')[0]!.split('?')[0] === APP;
const mic: PermissionAsk = { permission: 'media', fromAppWindow: true, isMainFrame: true, requestingUrl: APP, mediaTypes: ['audio'] };

describe('app window permissions', () => {
  it('grants the microphone to the app page in the app window', () => {
    expect(appPermission(mic, isAppUrl)).toBe(true);
    expect(appPermission({ ...mic, requestingUrl: `${APP}#/settings` }, isAppUrl)).toBe(true);
    expect(appPermission({ ...mic, mediaTypes: undefined, mediaType: 'audio' }, isAppUrl)).toBe(true);
  });

  it('refuses the camera, screen capture and a request that asks for nothing', () => {
    expect(appPermission({ ...mic, mediaTypes: ['audio', 'video'] }, isAppUrl)).toBe(false);
    expect(appPermission({ ...mic, mediaTypes: ['video'] }, isAppUrl)).toBe(false);
    expect(appPermission({ ...mic, mediaTypes: [] }, isAppUrl)).toBe(false);
    expect(appPermission({ ...mic, mediaTypes: undefined, mediaType: 'video' }, isAppUrl)).toBe(false);
    expect(appPermission({ ...mic, mediaTypes: undefined, mediaType: 'unknown' }, isAppUrl)).toBe(false);
    expect(appPermission({ ...mic, permission: 'display-capture' }, isAppUrl)).toBe(false);
  });

  it('refuses the microphone to any other page, frame or window', () => {
    expect(appPermission({ ...mic, requestingUrl: 'https://example.com/' }, isAppUrl)).toBe(false);
    expect(appPermission({ ...mic, requestingUrl: 'file:///etc/index.html' }, isAppUrl)).toBe(false);
    expect(appPermission({ ...mic, requestingUrl: undefined }, isAppUrl)).toBe(false);
    expect(appPermission({ ...mic, isMainFrame: false }, isAppUrl)).toBe(false);
    expect(appPermission({ ...mic, fromAppWindow: false }, isAppUrl)).toBe(false);
  });

  it('refuses everything else, even to the app page', () => {
    for (const permission of ['geolocation', 'notifications', 'clipboard-read', 'midi', 'openExternal', 'fileSystem', 'pointerLock', 'fullscreen', 'hid', 'serial', 'usb']) {
      expect(appPermission({ ...mic, permission }, isAppUrl)).toBe(false);
    }
  });

  it('the browser view gets nothing', () => {
    expect(denyAll()).toBe(false);
  });
});
