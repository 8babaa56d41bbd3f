// Undo must keep its promise for everything a turn leaves: a file named like the restore's own
// temporary files (`.agentic-restore-…`) was invisible to checkpoints, so a block could plant one
// (a Python `.pth` start-up hook, say) that undo never removed. Real app, real bash blocks, the
// checkpoint commands as the UI calls them; the model is Replay.
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { fence, startTestApp, type TestApp } from '../helpers/appHarness.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const allow = { approval: { mode: 'allow-all' as const } };
const ctx = { clientId: 'test' };

describe('undo sees every file a turn leaves', () => {
  it("a file named like the restore's temporary files is recorded and undone", { timeout: 60_000 }, async () => {
    const plant = 'printf "import os" > .agentic-restore-cafe-0\nmkdir -p .agentic-restore-x && printf y > .agentic-restore-x/hook.pth\nprintf z > visible.txt';
    t = await start([fence('bash', plant)]);
    const out = await t.turn(t.newSession(), 'set things up', 'coder');
    expect(out.status).toBe('done');
    const { changes } = await t.app.handlers['checkpoint.changes']({ turnId: out.turnId }, ctx);
    expect(changes.map((c) => c.path).sort()).toEqual(['.agentic-restore-cafe-0', '.agentic-restore-x', '.agentic-restore-x/hook.pth', 'visible.txt']);
    const undone = await t.app.handlers['checkpoint.undo']({ turnId: out.turnId, cascade: false }, ctx);
    expect(undone.done).toBe(true);
    expect(readdirSync(t.workspace)).toEqual([]);
  });
});

async function start(responses: string[]): Promise<TestApp> {
  const app = await startTestApp(responses, { settings: allow });
  return app;
}
