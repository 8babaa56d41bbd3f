// The global push-to-talk hotkey's logic, apart from Electron so it is unit-tested here. Electron's
// global shortcuts report key-down only, so the hotkey toggles listening and voice activity
// detection ends the utterance. Pressing it also brings the window forward.
export interface ShortcutRegistry {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export interface WindowLike {
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

export interface VoiceHotkey {
  /** The accelerator registered now, or null (none set, or taken by another application). */
  readonly accelerator: string | null;
  /** Registers `accelerator` instead of the current one; false when the system refused it. */
  update(accelerator: string): boolean;
  dispose(): void;
}

export function bindVoiceHotkey(deps: {
  shortcuts: ShortcutRegistry;
  window: () => WindowLike | null;
  toggle: () => void;
  warn: (message: string, data: Record<string, unknown>) => void;
}): VoiceHotkey {
  let current: string | null = null;
  const onPress = () => {
    const win = deps.window();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
    }
    deps.toggle();
  };
  const hotkey: VoiceHotkey = {
    get accelerator() {
      return current;
    },
    update(accelerator) {
      if (current) deps.shortcuts.unregister(current);
      current = null;
      if (!accelerator.trim()) return true;
      let ok = false;
      try {
        ok = deps.shortcuts.register(accelerator, onPress);
      } catch (error) {
        deps.warn('voice hotkey: not a valid accelerator', { accelerator, error: String(error) });
        return false;
      }
      if (!ok) deps.warn('voice hotkey: taken by another application', { accelerator });
      else current = accelerator;
      return ok;
    },
    dispose() {
      if (current) deps.shortcuts.unregister(current);
      current = null;
    },
  };
  return hotkey;
}
