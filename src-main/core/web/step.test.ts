import { describe, expect, it } from 'vitest';
import { actionLine } from './actionLine.js';
import { parseReply } from './actionParser.js';
import { decideStep } from './step.js';

describe('actionLine', () => {
  it.each([
    ['SEARCH: otter diet', 'SEARCH', 'otter diet'],
    ['search: otter diet', 'SEARCH', 'otter diet'],
    ['SEARCH otter diet', 'SEARCH', 'otter diet'],
    ['**SEARCH:** otter diet', 'SEARCH', 'otter diet'],
    ['**Search**: otter diet', 'SEARCH', 'otter diet'],
    ['`search otter diet`', 'SEARCH', 'otter diet'],
    ['Action: OPEN 2', 'OPEN', '2'],
    ['**Action:** `OPEN: 2`', 'OPEN', '2'],
    ['- open 3', 'OPEN', '3'],
    ['Open https://a.org/x', 'OPEN', 'https://a.org/x'],
    ['Back.', 'BACK', ''],
    ['Done.', 'DONE', ''],
    ['**Done**', 'DONE', ''],
    ['DONE!', 'DONE', ''],
    ['Done: it is 42', 'DONE', 'it is 42'],
    ['Note: water boils at 100 °C', 'NOTE', 'water boils at 100 °C'],
  ])('%s is an action', (line, keyword, rest) => {
    expect(actionLine(line)).toEqual({ keyword, rest });
  });

  it.each([
    'Note that the page is in French.',
    'Search results show three candidates.',
    'Open source projects often publish release notes.',
    'Back in 2019 the price was lower.',
    'Done with the first page, the second one looks better.',
    'Form follows function.',
    'Submit the form when ready.',
    'Openly, I am not sure.',
    'I will open the second result.',
  ])('%s is prose', (line) => {
    expect(actionLine(line)).toBeNull();
  });
});

describe('parseReply on answers', () => {
  it('keeps a table written above a closing "Done." as the answer', () => {
    const table = '| Model | Size |\n|---|---|\n| Qwen | 7B |';
    expect(parseReply(`Here is the comparison:\n\n${table}\n\nDone.`).action).toEqual({ kind: 'done', summary: `Here is the comparison:\n\n${table}` });
  });

  it('keeps everything after DONE, and notes above it stay notes', () => {
    expect(parseReply('NOTE: x is 1\nI have it.\nDONE\nx is **1**.\n\n- a\n- b').action).toEqual({ kind: 'done', summary: 'x is **1**.\n\n- a\n- b' });
  });
});

describe('decideStep', () => {
  const answer = 'The Eiffel Tower is 330 metres tall since the 2022 antenna was added.';

  it('takes a labelled answer at once and an unlabelled one after one reminder', () => {
    expect(decideStep(`**Final answer:** ${answer}`, false)).toMatchObject({ kind: 'answer' });
    expect(decideStep(answer, false)).toMatchObject({ kind: 'retry', remind: true });
    expect(decideStep(answer, true)).toMatchObject({ kind: 'answer', answer });
  });

  it('never takes a plan to act, or a reply cut off on a colon, for an answer', () => {
    expect(decideStep('Let me search for the height of the tower first.', true)).toMatchObject({ kind: 'retry', remind: true });
    expect(decideStep('The heights of the towers are as follows:', true)).toMatchObject({ kind: 'retry' });
  });

  it('tells problems instead of reminding', () => {
    expect(decideStep('OPEN: the second one', false)).toMatchObject({ kind: 'retry', remind: false });
  });
});
