// The model self-test's fixed battery: for each agent one small task with checks that read what the
// turn did (its events), never the model's own claims alone. Pure: the host prepares the scratch
// workspace and the local page, runs each request as a turn and hands the events here to score.
import type { AgentName } from '../../common/agents.js';
import type { AppEvent } from '../../common/events.js';

export interface SelfTestEnv {
  /** The local fixture page the web task opens. */
  pageUrl: string;
}

/** The name of the local test MCP server the host serves for the mcp task (app/selfTest/towerServer.ts). */
export const SELFTEST_MCP_SERVER = 'selftest';

export interface SelfTestCheck {
  name: string;
  passed: (events: readonly AppEvent[], answer: string) => boolean;
}

export interface SelfTestTask {
  agent: AgentName;
  request: string;
  checks: SelfTestCheck[];
}

/** Files the host writes into the scratch workspace before the battery runs. */
export const SCRATCH_FILES: Readonly<Record<string, string>> = {
  'notes/keeper.txt': 'Lighthouse log, 1912.\nThe code word for the north tower is PELICAN-42.\n',
};

/** The fixture page's HTML (served on 127.0.0.1 by the host). */
export const FIXTURE_PAGE = `<!doctype html><html><head><title>Harbour notes</title></head><body>
<h1>Harbour notes</h1><p>The lighthouse keeper of Port Elmo is Ottoline Brisk. She has kept the light since 1998.</p>
</body></html>`;

const of = <T extends AppEvent['type']>(events: readonly AppEvent[], type: T) => events.filter((e): e is Extract<AppEvent, { type: T }> => e.type === type);
const blockRan = (events: readonly AppEvent[]) => of(events, 'block.finished').some((b) => b.success);
const has = (text: string, word: string) => text.toLowerCase().includes(word.toLowerCase());

export function selfTestBattery(env: SelfTestEnv): SelfTestTask[] {
  return [
    {
      agent: 'casual',
      request: "Réponds en français, en une phrase : quelle est la capitale de l'Italie ?",
      checks: [
        { name: 'answers', passed: (_e, a) => a.trim().length > 0 && a.length < 2000 },
        { name: 'is right (Rome)', passed: (_e, a) => has(a, 'Rome') },
        { name: "answers in the request's language", passed: (_e, a) => /\b(la|est|capitale|c'est)\b/i.test(a) },
      ],
    },
    {
      agent: 'coder',
      request: 'Write a Python program that prints the sum of the squares of the numbers 1 to 10, run it, and tell me the result.',
      checks: [
        { name: 'a block ran successfully', passed: (e) => blockRan(e) },
        { name: 'the program printed 385', passed: (e) => of(e, 'block.finished').some((b) => b.success && b.output.includes('385')) },
      ],
    },
    {
      agent: 'file',
      request: 'Find the file keeper.txt in the workspace, read it and tell me the code word for the north tower.',
      checks: [
        { name: 'a tool read the workspace', passed: (e) => blockRan(e) },
        { name: 'the file was read', passed: (e) => of(e, 'block.finished').some((b) => b.output.includes('PELICAN-42')) },
        { name: 'the answer gives the code word', passed: (_e, a) => has(a, 'PELICAN-42') },
      ],
    },
    {
      agent: 'web',
      request: `Open ${env.pageUrl} and tell me who the lighthouse keeper of Port Elmo is.`,
      checks: [
        { name: 'opened the page', passed: (e) => of(e, 'browser.navigated').some((n) => n.url.startsWith(env.pageUrl)) },
        { name: 'the answer names the keeper', passed: (_e, a) => has(a, 'Ottoline') },
      ],
    },
    {
      agent: 'mcp',
      request: `Use the tower_code tool of the ${SELFTEST_MCP_SERVER} MCP server to get the access code of the north tower, and tell me the code.`,
      checks: [
        { name: 'called a tool of the test server', passed: (e) => of(e, 'block.finished').some((b) => b.tool === 'mcp' && b.success) },
        // Only the tool knows it: the code in the answer without a call would be a guess.
        { name: 'the tool returned the code', passed: (e) => of(e, 'block.finished').some((b) => b.tool === 'mcp' && b.output.includes('HERON-7')) },
        { name: 'the answer gives the code', passed: (_e, a) => has(a, 'HERON-7') },
      ],
    },
    {
      agent: 'planner',
      request: 'First write a file hello.txt containing the word hello, then count the characters in it with a second program.',
      checks: [
        { name: 'made a plan of two steps or more', passed: (e) => of(e, 'plan.updated').some((p) => p.steps.length >= 2) },
        { name: 'every step finished', passed: (e) => of(e, 'plan.updated').some((p) => p.steps.length >= 2 && p.steps.every((s) => s.status === 'done')) },
      ],
    },
  ];
}

export interface AgentScore {
  agent: AgentName;
  passed: boolean;
  score: number;
  seconds: number;
  failed: string[];
  /** Set when the task could not run at all (no browser, the turn failed). */
  error?: string;
}

/** The score of one task: the share of its checks that held; passed when all did. */
export function scoreTask(task: SelfTestTask, events: readonly AppEvent[], answer: string, seconds: number, error?: string): AgentScore {
  const failed = error ? task.checks.map((c) => c.name) : task.checks.filter((c) => !c.passed(events, answer)).map((c) => c.name);
  const score = (task.checks.length - failed.length) / task.checks.length;
  return { agent: task.agent, passed: failed.length === 0, score: Math.round(score * 100) / 100, seconds: Math.round(seconds * 10) / 10, failed, ...(error ? { error } : {}) };
}
