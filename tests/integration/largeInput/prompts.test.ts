// The prompts of issue 29 (reading a long text in parts, memory), assembled as the model reads
// them: a change to one shows up in review.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemblePrompt, type PromptVars } from '../../../src-main/core/prompts.js';
import { createPromptFiles } from '../../../src-main/node/settings/promptFiles.js';
import { ROOT } from '../../helpers/processes.js';

const prompts = createPromptFiles(join(ROOT, 'prompts'));
const vars: PromptVars = { os: 'linux 6.1', workspace: '/home/ada/workspace', languages: [], language: 'de', date: '2026-11-30' };
const digest = { ...vars, instruction: 'Fasse diesen Bericht zusammen.', source: '.agentic/inputs/20261130-101500-input-a1b2c3.txt', parts: '31' };

describe('prompts for work larger than the context, and memory', () => {
  it.each([
    ['digest/part', { ...digest, part: '7', range: 'lines 4201–4900' }],
    ['digest/combine', digest],
    ['digest/merge', digest],
    ['memory', vars],
    ['memory-propose', vars],
  ] as const)('%s', (name, v) => {
    expect(assemblePrompt(prompts, name, v)).toMatchSnapshot();
  });

  it('asks for citations in the form the notes are headed with', () => {
    expect(assemblePrompt(prompts, 'digest/combine', digest)).toContain('[part 3, lines 201–300]');
    expect(assemblePrompt(prompts, 'digest/part', { ...digest, part: '7', range: 'lines 4201–4900' })).toContain('part 7 of 31 (lines 4201–4900 of .agentic/inputs/');
  });
});
