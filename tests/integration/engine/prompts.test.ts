// Every agent prompt, assembled as the model reads it, is snapshot-tested: a change to a prompt file
// or to the assembly shows up in review. The prompts must teach exactly the syntax the tools parse.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planStepAgentList, planStepAgents } from '../../../src-main/common/agents.js';
import { CODE_LANGUAGE_IDS } from '../../../src-main/common/languages.js';
import { parseBlocks } from '../../../src-main/core/blocks/parse.js';
import { assemblePrompt, type PromptVars } from '../../../src-main/core/prompts.js';
import { createPromptFiles } from '../../../src-main/node/settings/promptFiles.js';
import { ROOT } from '../../helpers/processes.js';
import { toolsNamed } from '../../helpers/toolDefinitions.js';

const prompts = createPromptFiles(join(ROOT, 'prompts'));
const vars: PromptVars = { os: 'linux 6.1', workspace: '/home/ada/workspace', languages: ['python', 'bash', 'go'], language: 'fr', date: '2026-11-30' };
const withTools = (tags: string[]) => ({
  ...vars,
  toolDocs: tags.map((t) => assemblePrompt(prompts, `tools/${t}`, vars).trim()).join('\n\n'),
});

describe('assembled prompts', () => {
  it.each([
    ['casual', vars],
    ['coder', withTools(['python', 'bash', 'go', 'file_finder'])],
    ['file', withTools(['bash', 'file_finder'])],
    ['planner', { ...vars, agents: planStepAgents(false).join(', '), agentList: planStepAgentList() }],
    ['summarize', vars],
  ] as const)('%s', (name, v) => {
    expect(assemblePrompt(prompts, name, v)).toMatchSnapshot();
  });

  it('lists only the installed languages and the user language', () => {
    const coder = assemblePrompt(prompts, 'coder', withTools(['python', 'bash', 'file_finder']));
    expect(coder).toContain('```python');
    expect(coder).not.toContain('```java');
    expect(coder).not.toContain('```c:');
    expect(coder).toContain('/home/ada/workspace');
    expect(coder).toContain('answer in French');
  });

  it('teaches file_finder exactly as the tool parses it (the original taught a form its tool could not read)', () => {
    const doc = assemblePrompt(prompts, 'tools/file_finder', vars);
    const blocks = parseBlocks(doc, toolsNamed('file_finder'));
    expect(blocks.length).toBeGreaterThan(0);
    // Each action with exactly the parameters the tool reads for it.
    const allowed: Record<string, string[][]> = {
      read: [['action', 'name'], ...['lines', 'pages', 'chars'].map((range) => ['action', 'name', range].sort())],
      info: [['action', 'name']],
      list: [['action', 'name']],
      grep: [['action', 'name', 'text']],
      search: [['action', 'query']],
    };
    for (const b of blocks) {
      expect(Object.keys(allowed)).toContain(b.params.action);
      expect(allowed[b.params.action!]).toContainEqual(Object.keys(b.params).sort());
    }
  });

  it('every example block in the tool docs parses with its own tag', () => {
    for (const tag of [...CODE_LANGUAGE_IDS, 'mcp']) {
      const blocks = parseBlocks(assemblePrompt(prompts, `tools/${tag}`, vars), toolsNamed(tag));
      expect(blocks.length, tag).toBeGreaterThan(0);
    }
  });
});
