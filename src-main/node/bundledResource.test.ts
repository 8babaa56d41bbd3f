import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { embeddingCatalogPath } from './knowledge/embedder.js';
import { bundledResource } from './bundledResource.js';
import { whisperCatalogPath } from './voice/models.js';

it('finds resources/ of a checkout, and the extra resources beside a packaged app.asar', () => {
  expect(bundledResource('/src/agentic/src-main/node/voice', 'voice', 'w.json')).toBe('/src/agentic/resources/voice/w.json');
  expect(bundledResource('/src/agentic/out/main/chunks', 'voice', 'w.json')).toBe('/src/agentic/resources/voice/w.json');
  expect(bundledResource('/opt/Agentic/resources/app.asar/out/main/chunks', 'voice', 'w.json')).toBe('/opt/Agentic/resources/voice/w.json');
  // From the sources, the real files.
  expect(existsSync(whisperCatalogPath())).toBe(true);
  expect(existsSync(embeddingCatalogPath())).toBe(true);
});
