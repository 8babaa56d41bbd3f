// `agentic listen` on real synthetic speech with a random-weight whisper model: one JSON line per
// utterance (times in seconds), then done; no model installed is exit 1 naming the download
// command. `agentic say --out` writes speech with espeak-ng. `agentic models list` shows whisper-*.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeWav } from '../../../src-main/node/voice/wav.js';
import { ROOT } from '../../helpers/processes.js';
import { makeSpeechWav } from '../../helpers/speechAudio.js';
import { tinyWhisperPath } from '../../helpers/tinyWhisper.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-cli-voice-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; lines: Array<Record<string, unknown>> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'src-main/hosts/cli/main.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, npm_lifecycle_event: '', AGENTIC_HOME: home, AGENTIC_LOG: 'error' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout,
        stderr,
        lines: stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      });
    });
  });
}

describe('agentic listen / say', () => {
  const speech = makeSpeechWav(join(home, 'audio'), ['Turn on the lights in the kitchen.', 'And play some music please.'], { gapSec: 1.5 });

  it('prints one utterance line per sentence, then done', async () => {
    const r = await cli(['listen', speech.path, '--stt-model', tinyWhisperPath(), '--language', 'en', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const utterances = r.lines.filter((l) => l.type === 'utterance');
    expect(utterances).toHaveLength(2);
    utterances.forEach((u, i) => {
      expect(Math.abs((u.start as number) - speech.segments[i]!.start)).toBeLessThanOrEqual(0.25);
      expect(Math.abs((u.end as number) - speech.segments[i]!.end)).toBeLessThanOrEqual(0.25);
      expect(typeof u.text).toBe('string');
      expect((u.text as string).length).toBeGreaterThan(0);
      expect(u.language).toBe('en');
    });
    expect(r.lines.at(-1)).toEqual({ type: 'done', utterances: 2 });
  }, 120_000);

  it('without an installed model exits 1 naming the download command', async () => {
    const r = await cli(['listen', speech.path, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/No speech-to-text model installed: download one with `agentic models download whisper-base`/);
    expect(r.stdout).toBe('');
  }, 60_000);

  it('a file that is not a WAV is a clear error', async () => {
    const r = await cli(['listen', join(ROOT, 'package.json'), '--stt-model', tinyWhisperPath()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not a WAV file/);
  }, 60_000);

  it('say --out writes the speech to a WAV file', async () => {
    const out = join(home, 'say.wav');
    const r = await cli(['say', 'The build finished without errors.', '--out', out]);
    expect(r.code).toBe(0);
    const pcm = decodeWav(readFileSync(out));
    expect(pcm.samples.length / pcm.sampleRate).toBeGreaterThan(1);
  }, 60_000);

  it('models list includes the whisper models', async () => {
    const r = await cli(['models', 'list', '--json']);
    expect(r.code).toBe(0);
    const ids = r.lines.map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining(['whisper-tiny', 'whisper-base', 'whisper-small', 'whisper-base.en']));
    expect(r.lines.filter((l) => String(l.id).startsWith('whisper-') && l.recommended)).toHaveLength(1);
  }, 60_000);
});
