// Writes out/engines/engines.json: the GPU engine packages the app downloads on demand (llama.cpp's
// CUDA build and its -ext companion per platform), with the versions and integrity hashes
// package-lock.json pins and their tarball addresses. The installed app has no lock; it reads this.
//   tsx scripts/build/enginesManifest.ts [--out FILE]
// Run by `npm run build` and `npm run dist`, where npm passes its registry in npm_config_registry.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEnginesManifest, MANIFEST_FILE, npmRegistry } from '../../src-main/node/llm/engines/manifest.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? process.argv[outIndex + 1]! : join(root, MANIFEST_FILE);
const manifest = buildEnginesManifest(JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')), npmRegistry());
mkdirSync(dirname(out), { recursive: true });
writeFileSync(`${out}.tmp`, JSON.stringify(manifest, null, 2) + '\n');
renameSync(`${out}.tmp`, out);
process.stdout.write(`engines manifest: ${Object.keys(manifest.engines.cuda).join(', ')} (node-llama-cpp ${manifest.nodeLlamaCpp}) → ${out}\n`);
