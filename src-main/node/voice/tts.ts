// Spoken answers with the platform's own local engine: macOS `say`, Windows System.Speech through
// PowerShell, Linux espeak-ng (or speech-dispatcher's spd-say, which can only speak, not write files).
// On Linux the speech is rendered to WAV by espeak-ng and played by the first player found (paplay,
// aplay, sox's play), so Stop is one kill of one process and a machine without sound says so clearly.
// Text goes to the engines through stdin or the environment, never through a shell.
import { spawn } from 'node:child_process';
import { platform } from 'node:os';
import { AppError } from '../../common/errors.js';
import { findExecutable } from '../exec/which.js';

const which = (name: string): Promise<string | null> => findExecutable(name);

export interface Voice {
  id: string;
  name: string;
  language: string;
}

export interface SpeakOptions {
  voice?: string;
  language?: string;
  signal?: AbortSignal;
}

export interface TtsEngine {
  readonly name: string;
  available(): Promise<boolean>;
  voices(): Promise<Voice[]>;
  /** Speaks until done or aborted (then resolves with stopped: true). */
  speak(text: string, options?: SpeakOptions): Promise<{ stopped: boolean; durationMs: number }>;
  /** Writes the speech to a WAV file, where the engine can. */
  synthesize(text: string, outPath: string, options?: SpeakOptions): Promise<void>;
}

interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  stopped: boolean;
}

/** Runs a command, feeding `input` on stdin; a signal kills it. */
export function runProcess(
  cmd: string,
  args: string[],
  input: Buffer | string | null,
  opts: { signal?: AbortSignal; env?: NodeJS.ProcessEnv; stdoutTo?: (chunk: Buffer) => void } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return resolve({ code: null, stdout: Buffer.alloc(0), stderr: '', stopped: true });
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], env: opts.env ?? process.env });
    const out: Buffer[] = [];
    let err = '';
    let stopped = false;
    const onAbort = () => {
      stopped = true;
      child.kill('SIGKILL');
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (c: Buffer) => (opts.stdoutTo ? opts.stdoutTo(c) : out.push(c)));
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
    child.stdin.on('error', () => undefined); // a player that exits early closes its stdin
    child.on('error', (e) => {
      opts.signal?.removeEventListener('abort', onAbort);
      reject(new AppError('VOICE_UNAVAILABLE', `${cmd} could not be started: ${e.message}`, { cause: e }));
    });
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', onAbort);
      resolve({ code, stdout: Buffer.concat(out), stderr: err, stopped });
    });
    child.stdin.end(input ?? undefined);
  });
}

/** Linux: espeak-ng renders, a player plays. `player` is an argv that reads a WAV on stdin. */
export class EspeakEngine implements TtsEngine {
  readonly name = 'espeak-ng';
  constructor(private readonly player?: string[]) {}

  async available(): Promise<boolean> {
    return (await which('espeak-ng')) !== null;
  }

  async voices(): Promise<Voice[]> {
    const r = await runProcess('espeak-ng', ['--voices'], null);
    return r.stdout
      .toString()
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f.length >= 4)
      .map((f) => ({ id: f[1]!, name: f[3]!.replace(/_/g, ' '), language: f[1]! }));
  }

  private args(options: SpeakOptions): string[] {
    const voice = options.voice || (options.language && options.language !== 'auto' ? options.language : '');
    return voice ? ['-v', voice] : [];
  }

  async render(text: string, options: SpeakOptions = {}): Promise<Buffer> {
    const r = await runProcess('espeak-ng', [...this.args(options), '--stdout'], text, { signal: options.signal });
    if (r.stopped) return Buffer.alloc(0);
    if (r.code !== 0 || r.stdout.length < 44) throw new AppError('VOICE_UNAVAILABLE', `espeak-ng failed: ${r.stderr.trim().slice(0, 300) || `exit ${r.code}`}`);
    return r.stdout;
  }

  async synthesize(text: string, outPath: string, options: SpeakOptions = {}): Promise<void> {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(outPath, await this.render(text, options));
  }

  async speak(text: string, options: SpeakOptions = {}): Promise<{ stopped: boolean; durationMs: number }> {
    const started = performance.now();
    const wav = await this.render(text, options);
    if (options.signal?.aborted) return { stopped: true, durationMs: performance.now() - started };
    const player = this.player ?? (await defaultPlayer());
    if (!player) throw new AppError('VOICE_UNAVAILABLE', 'No audio player found to speak with (install pulseaudio-utils, alsa-utils or sox).');
    const r = await runProcess(player[0]!, player.slice(1), wav, { signal: options.signal });
    if (!r.stopped && r.code !== 0) throw new AppError('VOICE_UNAVAILABLE', `Could not play speech: ${r.stderr.trim().slice(0, 300) || `exit ${r.code}`}`);
    return { stopped: r.stopped, durationMs: performance.now() - started };
  }
}

async function defaultPlayer(): Promise<string[] | null> {
  if (await which('paplay')) return ['paplay'];
  if (await which('aplay')) return ['aplay', '-q', '-'];
  if (await which('play')) return ['play', '-q', '-t', 'wav', '-'];
  return null;
}

/** Linux without espeak-ng: speech-dispatcher speaks (no file output). */
export class SpdSayEngine implements TtsEngine {
  readonly name = 'spd-say';
  async available(): Promise<boolean> {
    return (await which('spd-say')) !== null;
  }
  async voices(): Promise<Voice[]> {
    return [];
  }
  async speak(text: string, options: SpeakOptions = {}): Promise<{ stopped: boolean; durationMs: number }> {
    const started = performance.now();
    const lang = options.language && options.language !== 'auto' ? ['-l', options.language] : [];
    const r = await runProcess('spd-say', ['-w', ...lang, '-e'], text, { signal: options.signal });
    if (r.stopped) await runProcess('spd-say', ['-S'], null).catch(() => undefined);
    return { stopped: r.stopped, durationMs: performance.now() - started };
  }
  async synthesize(): Promise<void> {
    throw new AppError('VOICE_UNAVAILABLE', 'speech-dispatcher cannot write audio files: install espeak-ng.');
  }
}

/** macOS: `say` reads stdin when given no text. */
export class SayEngine implements TtsEngine {
  readonly name = 'say';
  async available(): Promise<boolean> {
    return (await which('say')) !== null;
  }
  async voices(): Promise<Voice[]> {
    const r = await runProcess('say', ['-v', '?'], null);
    return r.stdout
      .toString()
      .split('\n')
      .map((l) => l.match(/^(.+?)\s{2,}([a-z]{2}[_-][A-Z]{2})/))
      .filter((m): m is RegExpMatchArray => !!m)
      .map((m) => ({ id: m[1]!.trim(), name: m[1]!.trim(), language: m[2]! }));
  }
  private async voiceArgs(options: SpeakOptions): Promise<string[]> {
    if (options.voice) return ['-v', options.voice];
    if (!options.language || options.language === 'auto') return [];
    const v = (await this.voices()).find((x) => x.language.toLowerCase().startsWith(options.language!.toLowerCase()));
    return v ? ['-v', v.id] : [];
  }
  async speak(text: string, options: SpeakOptions = {}): Promise<{ stopped: boolean; durationMs: number }> {
    const started = performance.now();
    const r = await runProcess('say', await this.voiceArgs(options), text, { signal: options.signal });
    return { stopped: r.stopped, durationMs: performance.now() - started };
  }
  async synthesize(text: string, outPath: string, options: SpeakOptions = {}): Promise<void> {
    const r = await runProcess('say', [...(await this.voiceArgs(options)), '--file-format=WAVE', '--data-format=LEI16@16000', '-o', outPath], text, { signal: options.signal });
    if (r.code !== 0) throw new AppError('VOICE_UNAVAILABLE', `say failed: ${r.stderr.trim().slice(0, 300)}`);
  }
}

const PS_SPEAK = `Add-Type -AssemblyName System.Speech
$s = New-Object System.Speech.Synthesis.SpeechSynthesizer
if ($env:AGENTIC_TTS_VOICE) { $s.SelectVoice($env:AGENTIC_TTS_VOICE) }
elseif ($env:AGENTIC_TTS_LANG) { foreach ($v in $s.GetInstalledVoices()) { if ($v.VoiceInfo.Culture.TwoLetterISOLanguageName -eq $env:AGENTIC_TTS_LANG) { $s.SelectVoice($v.VoiceInfo.Name); break } } }
if ($env:AGENTIC_TTS_OUT) { $s.SetOutputToWaveFile($env:AGENTIC_TTS_OUT) }
$s.Speak([Console]::In.ReadToEnd())
$s.Dispose()`;

/** Windows: System.Speech through PowerShell; the text arrives on stdin. */
export class WindowsSpeechEngine implements TtsEngine {
  readonly name = 'System.Speech';
  async available(): Promise<boolean> {
    return platform() === 'win32';
  }
  async voices(): Promise<Voice[]> {
    const script =
      'Add-Type -AssemblyName System.Speech; (New-Object System.Speech.Synthesis.SpeechSynthesizer).GetInstalledVoices() | % { $_.VoiceInfo.Name + "|" + $_.VoiceInfo.Culture.Name }';
    const r = await runProcess('powershell.exe', ['-NoProfile', '-Command', script], null);
    return r.stdout
      .toString()
      .split(/\r?\n/)
      .filter((l) => l.includes('|'))
      .map((l) => {
        const [name, lang] = l.split('|');
        return { id: name!, name: name!, language: lang ?? '' };
      });
  }
  private run(text: string, options: SpeakOptions, out?: string) {
    const env = {
      ...process.env,
      AGENTIC_TTS_VOICE: options.voice ?? '',
      AGENTIC_TTS_LANG: options.language && options.language !== 'auto' ? options.language : '',
      AGENTIC_TTS_OUT: out ?? '',
    };
    return runProcess('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', PS_SPEAK], text, { signal: options.signal, env });
  }
  async speak(text: string, options: SpeakOptions = {}): Promise<{ stopped: boolean; durationMs: number }> {
    const started = performance.now();
    const r = await this.run(text, options);
    return { stopped: r.stopped, durationMs: performance.now() - started };
  }
  async synthesize(text: string, outPath: string, options: SpeakOptions = {}): Promise<void> {
    const r = await this.run(text, options, outPath);
    if (r.code !== 0) throw new AppError('VOICE_UNAVAILABLE', `System.Speech failed: ${r.stderr.trim().slice(0, 300)}`);
  }
}

/** The platform's engine that is installed, or null (Settings then says how to get one). */
export async function detectTts(options: { player?: string[] } = {}): Promise<TtsEngine | null> {
  const os = platform();
  const candidates: TtsEngine[] = os === 'darwin' ? [new SayEngine()] : os === 'win32' ? [new WindowsSpeechEngine()] : [new EspeakEngine(options.player), new SpdSayEngine()];
  for (const c of candidates) if (await c.available()) return c;
  return null;
}

export function ttsInstallHint(): string {
  const os = platform();
  if (os === 'darwin') return 'macOS `say` was not found.';
  if (os === 'win32') return 'Windows speech (System.Speech) is not available.';
  return 'No speech engine found: install espeak-ng (for example `sudo apt install espeak-ng`) or speech-dispatcher.';
}
