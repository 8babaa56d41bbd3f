// `npm run test-models -- DIR`: writes the tiny random-weight models the tests use into DIR, so any
// engine can be run here without a download: tiny-llm.gguf (llama.cpp) and tiny-whisper.bin
// (whisper.cpp). Their output is gibberish by design.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tinyModelPath } from '../tests/helpers/tinyGguf.js';
import { writeTinyWhisper } from '../tests/helpers/tinyWhisper.js';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: npm run test-models -- DIR\n');
  process.exit(2);
}
const out = resolve(dir);
mkdirSync(out, { recursive: true });
copyFileSync(tinyModelPath(), join(out, 'tiny-llm.gguf'));
writeTinyWhisper(join(out, 'tiny-whisper.bin'));
process.stdout.write(`${join(out, 'tiny-llm.gguf')}\n${join(out, 'tiny-whisper.bin')}\n`);
