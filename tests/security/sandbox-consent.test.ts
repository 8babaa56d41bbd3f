// Where no sandbox is available, blocks do not run until the user accepted the risk (a persistent
// setting, read at each block); the model is told why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeTools, detectToolchains } from '../../src-main/node/exec/index.js';
import { block, context, tempWorkspace } from '../integration/exec/setup.js';

let ws: { dir: string; dispose: () => Promise<void> };
beforeAll(async () => {
  ws = await tempWorkspace('consent-');
});
afterAll(async () => ws.dispose());

describe('no sandbox', () => {
  it('refuses blocks until the user accepts running without one, then runs them', async () => {
    let accepted = false;
    const none = { available: false, kind: 'none' as const, warning: 'no sandbox here', executable: null };
    const { tools } = await createCodeTools({ toolchains: await detectToolchains(), sandbox: none, allowUnsandboxed: () => accepted });
    const bash = tools.find((t) => t.definition.tag === 'bash')!;
    const refused = await bash.run(block('bash', 'echo ran > ran.txt; echo ran'), context(ws.dir));
    expect(refused).toMatchObject({ status: 'error', output: '' });
    expect(refused.feedback).toMatch(/no sandbox is available.*Run blocks without a sandbox/s);
    accepted = true;
    expect(await bash.run(block('bash', 'echo ran'), context(ws.dir))).toMatchObject({ status: 'ok', output: 'ran\n' });
  });
});
