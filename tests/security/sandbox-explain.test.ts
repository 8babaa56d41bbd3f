// `agentic sandbox --explain` prints the policy blocks really run under: the real CLI process, in
// text and JSON, and the JSON checked against what a block of the same workspace sees.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src-main/app/index.js';
import { SandboxPolicySchema } from '../../src-main/common/contract.js';
import type { SandboxExplanation } from '../../src-main/node/exec/explain.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { createCodeTools, defaultHomesDir } from '../../src-main/node/exec/index.js';
import { ROOT } from '../helpers/processes.js';
import { block, context } from '../integration/exec/setup.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'explain-')));
const home = join(base, 'agentic');
const workspace = join(base, 'ws');
mkdirSync(workspace, { recursive: true });
mkdirSync(home, { recursive: true });
writeFileSync(join(home, 'settings.json'), JSON.stringify({ sandbox: { network: false, maxProcesses: 77, memoryMiB: 333, tmpMiB: 9 } }));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(join(base, 'agentic-sandbox'), { recursive: true, force: true });
});

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'src-main/hosts/cli/main.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, npm_lifecycle_event: '', AGENTIC_HOME: home, AGENTIC_LOG: 'error', GITHUB_TOKEN: 'ghp_secret_value' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('agentic sandbox --explain', () => {
  it('prints the settings-driven policy as JSON, with what is hidden and no secret of the environment', async () => {
    const { code, stdout } = await cli(['sandbox', '--explain', '--workspace', workspace, '--json']);
    expect(code).toBe(0);
    const e = JSON.parse(stdout) as SandboxExplanation;
    expect(e.workspace).toBe(workspace);
    expect(e.limits).toMatchObject({ processes: 77, memoryMiB: 333, tmpMiB: 9 });
    expect(e.network).toMatch(/^off/);
    expect(e.hidden).toContain(home);
    expect(e.privateHome.startsWith(defaultHomesDir(home))).toBe(true);
    expect(JSON.stringify(e.env)).not.toContain('ghp_secret_value');
    if (e.kind === 'bubblewrap') {
      expect(e.mounts).toContainEqual(expect.objectContaining({ kind: 'rw', path: workspace }));
      expect(e.mounts.some((m) => m.path === home)).toBe(false);
      expect(e.command).toEqual(expect.arrayContaining(['--cap-drop', 'ALL', '--unshare-net', '--new-session']));
    }
  });

  it('prints the same policy as text', async () => {
    const { code, stdout } = await cli(['sandbox', '--explain', '--workspace', workspace]);
    expect(code).toBe(0);
    for (const heading of ['Sandbox:', 'Runs as:', 'Network: off', 'Limits:', 'processes  77', 'Never visible:', `  ${home}`, 'Environment (allow-list'])
      expect(stdout).toContain(heading);
  });

  it('refuses a bare `sandbox` with a usage error', async () => {
    const { code, stderr } = await cli(['sandbox']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--explain/);
  });

  it('describes what a block of that workspace really gets', async () => {
    const { stdout } = await cli(['sandbox', '--explain', '--workspace', workspace, '--json']);
    const e = JSON.parse(stdout) as SandboxExplanation;
    const tools = await createCodeTools({ homesDir: defaultHomesDir(home), hidden: [home], network: false, limits: { processes: 77, memoryMiB: 333, tmpMiB: 9 } });
    const bash = tools.tools.find((t) => t.definition.tag === 'bash')!;
    const result = await bash.run(block('bash', 'echo "HOME=$HOME"; echo "PATH=$PATH"; df -m /tmp | tail -1 | tr -s " " | cut -d" " -f2'), context(workspace));
    const [homeLine, pathLine, tmpSize] = result.output.trim().split('\n');
    expect(homeLine).toBe(`HOME=${e.env.HOME}`);
    expect(pathLine).toBe(`PATH=${e.env.PATH}`);
    if (e.kind === 'bubblewrap') expect(Number(tmpSize)).toBe(9);
  });

  it('answers the same policy through the contract (sandbox.explain, shown in Settings)', async () => {
    const dataDir = join(base, 'app-data');
    const app = await createApp({ host: 'cli', dataDir, settings: { workspace }, logger: silentLogger });
    try {
      const policy = SandboxPolicySchema.parse(await app.handlers['sandbox.explain']({}, { sender: 'test' } as never));
      expect(policy.workspace).toBe(workspace);
      expect(policy.hidden).toContain(dataDir);
      expect(policy.privateHome.startsWith(defaultHomesDir(dataDir))).toBe(true);
    } finally {
      await app.dispose();
      rmSync(defaultHomesDir(dataDir), { recursive: true, force: true });
    }
  });
});
