// Private homes cannot carry code between blocks (issue 26): a file a block plants in its private
// home (Python's usercustomize, a .pth file in the user site) ran in every later block of that
// workspace, in every session, invisible to checkpoints and undo. Under bubblewrap the private home
// is now a fresh tmpfs per block with only the declared caches (pip, Go) kept; the control shows the
// same plant runs when the home persists (no sandbox), where PYTHONNOUSERSITE keeps Python's hooks off.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeTools, detectSandbox, type SandboxInfo } from '../../src-main/node/exec/index.js';
import { block, context, tempWorkspace } from '../integration/exec/setup.js';

let ws: { dir: string; dispose: () => Promise<void> };
let sandbox: SandboxInfo;
beforeAll(async () => {
  ws = await tempWorkspace('home-persist-');
  sandbox = await detectSandbox();
});
afterAll(async () => ws.dispose());

const PLANT = `
import site, os
d = site.getusersitepackages()
os.makedirs(d, exist_ok=True)
open(os.path.join(d, "usercustomize.py"), "w").write("print('PLANTED-USERCUSTOMIZE')\\n")
open(os.path.join(d, "evil.pth"), "w").write("import sys; print('PLANTED-PTH')\\n")
os.makedirs(os.path.expanduser("~/.cache/pip"), exist_ok=True)
open(os.path.expanduser("~/.cache/pip/kept"), "w").write("cache")
print("planted in", d)
`;
const LATER = 'import os\nprint("later block", os.path.exists(os.path.expanduser("~/.cache/pip/kept")))';

async function python(info: SandboxInfo) {
  const tools = await createCodeTools({ sandbox: info, allowUnsandboxed: true, network: false });
  return tools.tools.find((t) => t.definition.tag === 'python')!;
}

describe.skipIf(process.platform !== 'linux')('code planted in the private home', () => {
  it('control: with a persistent home and user site on, the plant runs in the next block', async () => {
    // What every block did before: the same private home, Python reading its user site.
    const tool = await python({ ...sandbox, kind: 'none', available: false, executable: null });
    const dir = `${ws.dir}`;
    const code = `import os, site, subprocess, sys\nos.environ.pop("PYTHONNOUSERSITE", None)\n${PLANT}\nprint(subprocess.run([sys.executable, "-c", "print('child')"], capture_output=True, text=True).stdout)`;
    const out = (await tool.run(block('python', code), context(dir))).output;
    expect(out).toContain('PLANTED-USERCUSTOMIZE');
  });

  it('without the sandbox, Python reads no start-up hook from the private home (PYTHONNOUSERSITE)', async () => {
    const tool = await python({ ...sandbox, kind: 'none', available: false, executable: null });
    const out = (await tool.run(block('python', LATER), context(ws.dir))).output;
    expect(out).toContain('later block');
    expect(out).not.toContain('PLANTED');
  });

  it('under bubblewrap a plant is gone in the next block, while the declared pip cache stays', async () => {
    const tool = await python(sandbox);
    const planted = await tool.run(block('python', PLANT), context(ws.dir));
    expect(planted.output).toContain('planted in');
    const later = await tool.run(block('python', LATER), context(ws.dir));
    expect(later.output).toContain('later block True');
    expect(later.output).not.toContain('PLANTED');
    const bash = (await createCodeTools({ sandbox, network: false })).tools.find((t) => t.definition.tag === 'bash')!;
    const listing = await bash.run(block('bash', 'ls -A "$HOME"; ls -A "$HOME/.cache"'), context(ws.dir));
    expect(listing.output).not.toContain('.local');
    expect(listing.output).toContain('pip');
    // Nothing of the plant reached the workspace either.
    expect(await readdir(ws.dir)).toEqual([]);
  });
});
