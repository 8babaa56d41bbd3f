// Every example in every prompt file parses to what the prompt says it is: a prompt that teaches a
// form the parser reads differently is how small models learn to fail (issue 25).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planStepAgents } from '../../../src-main/common/agents.js';
import { parseReplyBlocks } from '../../../src-main/core/blocks/parse.js';
import { parseMcpCall } from '../../../src-main/core/mcp/parseCall.js';
import { parsePlan } from '../../../src-main/core/planner/plan.js';
import { actionLine } from '../../../src-main/core/web/actionLine.js';
import { parseReply } from '../../../src-main/core/web/actionParser.js';
import { ROOT } from '../../helpers/processes.js';
import { BLOCK_TOOLS } from '../../helpers/toolDefinitions.js';

const DIR = join(ROOT, 'prompts');
const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
const prompts = files(DIR).map((file) => ({ name: relative(DIR, file).replace(/\.md$/, ''), text: readFileSync(file, 'utf8') }));
const agents = planStepAgents(true);

/** The fences of a prompt as a reader sees them: tag and body, whatever the parser makes of them. */
function fences(text: string): { tag: string; body: string }[] {
  const out: { tag: string; body: string }[] = [];
  const re = /^(`{3,}|~{3,})([^`\n]*)\n([\s\S]*?)\n\1[ \t]*$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ tag: m[2]!.trim().split(':')[0]!, body: m[3]! });
  return out;
}

describe('prompt examples parse to what they say', () => {
  it('found the prompt files', () => {
    expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['coder', 'planner', 'tools/python', 'web/system', 'feedback/foreign-tags']));
  });

  it.each(prompts.filter((p) => fences(p.text).length > 0).map((p) => [p.name, p.text]))('%s: every fence is a block of its own tag', (name, text) => {
    const shown = fences(text);
    const { blocks, foreign } = parseReplyBlocks(text, BLOCK_TOOLS);
    expect(foreign, name).toEqual([]);
    expect(blocks.map((b) => b.tag)).toEqual(shown.map((f) => f.tag));
    for (const block of blocks) {
      if (block.tag === 'file_finder') {
        // Each action with exactly the parameters the tool reads for it (a read may name one range).
        const allowed: Record<string, string[][]> = {
          read: [
            ['action', 'name'],
            ['action', 'lines', 'name'],
            ['action', 'name', 'pages'],
            ['action', 'chars', 'name'],
          ],
          info: [['action', 'name']],
          list: [['action', 'name']],
          grep: [['action', 'name', 'text']],
          search: [['action', 'query']],
        };
        expect(Object.keys(allowed)).toContain(block.params.action);
        expect(allowed[block.params.action!]).toContainEqual(Object.keys(block.params).sort());
      }
      if (block.tag === 'mcp') expect(parseMcpCall(block.code)).toMatchObject({ ok: true, repaired: false });
      if (block.tag === 'json' && !block.code.includes('{{')) {
        const plan = parsePlan(block.code.replace(/…/g, '...'), { agents });
        expect(plan).toMatchObject({ ok: true });
        expect(plan.ok && plan.steps.map((s) => [s.id, s.agent, s.need])).toEqual([
          ['1', 'web', []],
          ['2', 'coder', ['1']],
        ]);
      }
    }
  });

  it('web/system: the example reply is one note and OPEN 2, and every taught action form is an action', () => {
    const web = prompts.find((p) => p.name === 'web/system')!.text;
    const example = /Example of a reply:\n([\s\S]*?)\n\n/.exec(web)![1]!;
    expect(parseReply(example)).toEqual({ notes: ['Version 4.2 was released on 12 March 2024.'], action: { kind: 'open', target: 2 }, problems: [] });
    const taught = [...web.matchAll(/^- `([A-Z]+)(?::? [^`]*)?`/gm)].map((m) => [m[0].slice(3, -1), m[1]]);
    expect(taught.map((t) => t[1])).toEqual(['SEARCH', 'OPEN', 'BACK', 'FORM', 'DONE']);
    for (const [form, keyword] of taught) expect(actionLine(form!)?.keyword, form).toBe(keyword);
    for (const form of ['NOTE: <fact>', 'SUBMIT: <button handle>', 'OPEN: <n>', 'OPEN: <full URL>']) expect(actionLine(form)).not.toBeNull();
  });

  it('web/no-action: every action it names is read as that action', () => {
    const text = prompts.find((p) => p.name === 'web/no-action')!.text;
    const forms = [...text.matchAll(/`([A-Z]+[^`]*)`/g)].map((m) => m[1]!).filter((f) => !f.startsWith('['));
    expect(forms.length).toBeGreaterThanOrEqual(4);
    for (const form of forms) expect(actionLine(form), form).not.toBeNull();
  });

  it('feedback/foreign-tags is one sentence', () => {
    const text = prompts.find((p) => p.name === 'feedback/foreign-tags')!.text.trim();
    expect(text.split('\n')).toHaveLength(1);
    expect(text.match(/[.!?](\s|$)/g)).toHaveLength(1);
  });
});
