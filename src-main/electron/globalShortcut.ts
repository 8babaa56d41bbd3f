// Registers the voice hotkey (Settings → Voice → global hotkey, default Ctrl/Cmd+Shift+Space) with
// Electron's globalShortcut: it toggles listening from anywhere and brings the window forward.
import { app, globalShortcut, type BrowserWindow } from 'electron';
import type { App } from '../app/index.js';
import { bindVoiceHotkey, type VoiceHotkey } from './voiceHotkey.js';

export function registerVoiceHotkey(window: () => BrowserWindow | null, core: App): VoiceHotkey {
  const hotkey = bindVoiceHotkey({
    shortcuts: globalShortcut,
    window,
    toggle: () => core.voice.service.requestToggle(),
    warn: (message, data) => core.voice.service.warn(message, data),
  });
  hotkey.update(core.settings.get().voice.globalHotkey);
  // A changed setting takes effect within a second: re-register when the stored accelerator changes
  // (settings have no change event; reading them is a memory access).
  let lastTried = core.settings.get().voice.globalHotkey;
  const timer = setInterval(() => {
    const wanted = core.settings.get().voice.globalHotkey;
    if (wanted !== (hotkey.accelerator ?? '') && wanted !== lastTried) {
      lastTried = wanted;
      hotkey.update(wanted);
    }
  }, 1000);
  app.on('will-quit', () => {
    clearInterval(timer);
    hotkey.dispose();
  });
  return hotkey;
}
