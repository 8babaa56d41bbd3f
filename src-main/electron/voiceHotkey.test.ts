import { describe, expect, it } from 'vitest';
import { bindVoiceHotkey, type ShortcutRegistry } from './voiceHotkey.js';

function registry(taken: string[] = []) {
  const callbacks = new Map<string, () => void>();
  const r: ShortcutRegistry = {
    register: (acc, cb) => {
      if (acc === 'Bogus+') throw new Error('conversion failure');
      if (taken.includes(acc)) return false;
      callbacks.set(acc, cb);
      return true;
    },
    unregister: (acc) => void callbacks.delete(acc),
  };
  return { r, callbacks };
}

describe('voice hotkey', () => {
  it('registers the accelerator; a press brings the window forward and toggles listening', () => {
    const { r, callbacks } = registry();
    const calls: string[] = [];
    const win = { isMinimized: () => true, restore: () => calls.push('restore'), show: () => calls.push('show'), focus: () => calls.push('focus') };
    const hk = bindVoiceHotkey({ shortcuts: r, window: () => win, toggle: () => calls.push('toggle'), warn: () => undefined });
    expect(hk.update('CommandOrControl+Shift+Space')).toBe(true);
    callbacks.get('CommandOrControl+Shift+Space')!();
    expect(calls).toEqual(['restore', 'show', 'focus', 'toggle']);
  });
  it('moves to a new accelerator, and says so when one is taken or invalid', () => {
    const { r, callbacks } = registry(['Alt+Space']);
    const warnings: string[] = [];
    const hk = bindVoiceHotkey({ shortcuts: r, window: () => null, toggle: () => undefined, warn: (m) => warnings.push(m) });
    hk.update('CommandOrControl+Shift+Space');
    expect(hk.update('Alt+Space')).toBe(false);
    expect(callbacks.size).toBe(0);
    expect(hk.accelerator).toBeNull();
    expect(hk.update('Bogus+')).toBe(false);
    expect(warnings).toEqual(['voice hotkey: taken by another application', 'voice hotkey: not a valid accelerator']);
    hk.update('F9');
    hk.dispose();
    expect(callbacks.size).toBe(0);
  });
});
