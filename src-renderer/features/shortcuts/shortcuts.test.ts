import { describe, expect, it } from 'vitest';
import { displayKeys, findShortcut, type KeyLike } from './shortcuts.js';

const key = (k: string, over: Partial<KeyLike> = {}): KeyLike => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...over });

describe('shortcuts', () => {
  it('maps keys to actions, with Ctrl or Cmd', () => {
    expect(findShortcut(key('O', { ctrlKey: true, shiftKey: true }), false)?.action).toBe('newSession');
    expect(findShortcut(key('o', { metaKey: true, shiftKey: true }), true)?.action).toBe('newSession');
    expect(findShortcut(key(',', { ctrlKey: true }), true)?.action).toBe('settings');
    expect(findShortcut(key('Escape'), true)?.action).toBe('stop');
  });

  it('leaves typed characters alone inside text fields', () => {
    expect(findShortcut(key('/'), false)?.action).toBe('focusComposer');
    expect(findShortcut(key('/'), true)).toBeNull();
    expect(findShortcut(key('?', { shiftKey: true }), true)).toBeNull();
    expect(findShortcut(key('a'), false)).toBeNull();
  });

  it('shows Mod as the platform key', () => {
    expect(displayKeys('Mod+,', true)).toBe('⌘+,');
    expect(displayKeys('Mod+Shift+O', false)).toBe('Ctrl+Shift+O');
  });
});
