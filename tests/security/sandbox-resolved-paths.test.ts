// Resolve, then trust (issue 26): a workspace given through a symbolic link was checked as the link
// and bound by bubblewrap as its target, so a link to the home folder escaped every mask; and the
// home folder as the workspace was masked by a deny-list, so whatever the list did not name was
// readable. Now every path is resolved before the checks, and a workspace that is the home folder,
// holds it, lies in one of its private places, or is or holds a folder of the app is refused.
// The control binds the link as the old code did and reads a file of the home through it.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareWorkspace } from '../../src-main/hosts/cli/workspaceDir.js';
import { createCodeTools, detectSandbox, type SandboxInfo } from '../../src-main/node/exec/index.js';
import { sandboxCommand } from '../../src-main/node/exec/sandbox.js';
import { block, context, tempWorkspace } from '../integration/exec/setup.js';

let ws: { dir: string; dispose: () => Promise<void> };
let links: string;
let secret: string;
let sandbox: SandboxInfo;
const SECRET = `home-secret-${process.pid}`;
beforeAll(async () => {
  ws = await tempWorkspace('resolved-ws-');
  links = await realpath(await mkdtemp(path.join(os.tmpdir(), 'resolved-links-')));
  // A file of the home that no deny-list names (a shell history, a token file of some tool).
  secret = path.join(os.homedir(), `.agentic-test-token-${process.pid}`);
  await writeFile(secret, SECRET);
  await symlink(os.homedir(), path.join(links, 'home-link'));
  await symlink(ws.dir, path.join(links, 'project-link'));
  await symlink('/', path.join(links, 'root-link'));
  sandbox = await detectSandbox();
});
afterAll(async () => {
  await Promise.all([ws.dispose(), rm(links, { recursive: true, force: true }), rm(secret, { force: true })]);
});

const bash = async (workspace: string, code: string, hidden: string[] = []) => {
  const tools = await createCodeTools({ sandbox, network: false, hidden });
  return tools.tools.find((t) => t.definition.tag === 'bash')!.run(block('bash', code), context(workspace));
};

const run = (file: string, args: string[]) => new Promise<string>((resolve) => execFile(file, args, { timeout: 20_000 }, (_e, stdout, stderr) => resolve(`${stdout}${stderr}`)));

describe.skipIf(process.platform !== 'linux')('workspace paths are resolved before they are trusted', () => {
  it('control: bound as given (unresolved), a link to the home shows the home in the block', async () => {
    const link = path.join(links, 'home-link');
    const c = sandboxCommand({ ...sandbox, seccomp: null }, { workspace: link, writable: [], network: false }, '/bin/cat', [path.join(link, path.basename(secret))]);
    expect(await run(c.file, c.args)).toContain(SECRET);
  });

  it('refuses a workspace that is a link to the home folder, naming what it resolves to', async () => {
    const link = path.join(links, 'home-link');
    const result = await bash(link, `cat ${path.basename(secret)}; ls -A`);
    expect(result.status).toBe('error');
    expect(result.feedback).toMatch(/is your home folder/);
    expect(result.feedback).toContain(`resolves to ${await realpath(os.homedir())}`);
    expect(result.output).not.toContain(SECRET);
  });

  it('refuses the home folder itself (no deny-list of its secrets), a folder holding it and its private places', async () => {
    const home = await realpath(os.homedir());
    expect((await bash(home, 'true')).feedback).toMatch(/is your home folder/);
    expect((await bash(path.dirname(home), 'true')).feedback).toMatch(/contains your home folder|system folder|root folder/);
    expect((await bash(path.join(home, '.ssh'), 'true')).status).toBe('error');
  });

  it("refuses a workspace that is or holds one of the app's own folders (its data folder), given directly or by a link", async () => {
    const data = path.join(ws.dir, 'data');
    await mkdir(path.join(data, 'workspace'), { recursive: true });
    await symlink(data, path.join(links, 'data-link'));
    expect((await bash(ws.dir, 'true', [data])).feedback).toMatch(/contains .*data, a folder of the app/);
    expect((await bash(path.join(links, 'data-link'), 'true', [data])).feedback).toMatch(/is .*data, a folder of the app/);
    // The CLI's default workspace lies in its data folder: shown alone, it shows nothing around it.
    const inside = await bash(path.join(data, 'workspace'), 'ls -A ..', [data]);
    expect(inside.status).toBe('ok');
    expect(inside.output.trim()).toBe('workspace');
  });

  it('runs a block of a linked project folder in the real folder', async () => {
    const result = await bash(path.join(links, 'project-link'), 'pwd -P; pwd; echo ok > made');
    expect(result.status).toBe('ok');
    expect(result.output.trim().split('\n')).toEqual([ws.dir, ws.dir]);
  });

  it('shows the resolved workspace in --explain', async () => {
    const tools = await createCodeTools({ sandbox, network: false });
    const e = await tools.explain(path.join(links, 'project-link'));
    expect(e.workspace).toBe(ws.dir);
    expect(e.workspaceGiven).toBe(path.join(links, 'project-link'));
    expect(e.mounts.some((m) => m.kind === 'rw' && m.path === ws.dir)).toBe(true);
    // The rest of the second pass is stated too: set-ID bits and keyrings refused, the memory budget, the fresh home.
    expect(e.privileges.join('\n')).toMatch(/set-user-ID or set-group-ID bit can be set, no kernel keyring/);
    expect(e.limits.memoryLimit).toMatch(sandbox.memoryCgroup ? /one budget for the whole block/ : /NO memory cgroup/);
    expect(e.mounts.find((m) => m.path === e.privateHome)).toMatchObject({ kind: 'tmpfs' });
    await expect(tools.explain(path.join(links, 'home-link'))).rejects.toThrow(/is your home folder/);
  });

  it('binds a linked toolchain folder by its resolved path and shows the given path as a link to it', async () => {
    const real = path.join(links, 'real-toolchain');
    await mkdir(path.join(real, 'bin'), { recursive: true });
    await writeFile(path.join(real, 'bin', 'tool'), '#!/bin/sh\necho TOOL-RAN\n', { mode: 0o755 });
    await symlink(real, path.join(links, 'linked-toolchain'));
    const base = await createCodeTools({ sandbox, network: false });
    const bashChain = base.toolchains.find((t) => t.language === 'bash')!;
    const toolchains = [...base.toolchains.filter((t) => t !== bashChain), { ...bashChain, roots: [path.join(links, 'linked-toolchain')] }];
    const tools = await createCodeTools({ sandbox, network: false, toolchains });
    const result = await tools.tools
      .find((t) => t.definition.tag === 'bash')!
      .run(block('bash', `${links}/linked-toolchain/bin/tool; readlink ${links}/linked-toolchain; grep -c " ${links}/linked-toolchain " /proc/self/mountinfo`), context(ws.dir));
    expect(result.output.trim().split('\n')).toEqual(['TOOL-RAN', real, '0']);
  });

  it('refuses --workspace / (and a link to it) at once', () => {
    expect(() => prepareWorkspace('/')).toThrow(/root folder/);
    expect(() => prepareWorkspace(path.join(links, 'root-link'))).toThrow(/root folder/);
  });
});
