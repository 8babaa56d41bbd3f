// file_finder: finds, lists, greps and reads files of the workspace (node/tools/fileFinder.ts runs
// it). Confined to the workspace by its own path guard (resolveInWorkspace), so it reads without
// asking; a file the user marked untrusted taints through its result (`ToolResult.untrusted`).
import { defineTool } from '../defineTool.js';

export const FILE_FINDER = defineTool({
  tag: 'file_finder',
  aliases: ['file-finder', 'filefinder', 'file_search', 'finder'],
  invokedBy: 'block',
  agents: ['coder', 'file'],
  prompt: 'tools/file_finder',
  input: 'key-value',
  policy: { effect: 'reads', network: 'none', resultsToModel: true, untrustedOutput: null, check: 'none', boundsOwnOutput: true },
  summary: 'Finds and reads files in the workspace.',
});
