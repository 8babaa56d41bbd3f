import { describe, expect, it } from 'vitest';
import { checkFormAction, parseReply } from './actionParser.js';
import type { PageForm } from './driver.js';

describe('parseReply', () => {
  it('reads actions written loosely: any case, colon or not, bullets, bold, quotes', () => {
    expect(parseReply('Thinking…\n**SEARCH:** "otter diet"').action).toEqual({ kind: 'search', query: 'otter diet' });
    expect(parseReply('- open 3').action).toEqual({ kind: 'open', target: 3 });
    expect(parseReply('Open: [2]').action).toEqual({ kind: 'open', target: 2 });
    expect(parseReply('OPEN: link 4').action).toEqual({ kind: 'open', target: 4 });
    expect(parseReply('`OPEN https://a.org/x`').action).toEqual({ kind: 'open', target: 'https://a.org/x' });
    expect(parseReply('back').action).toEqual({ kind: 'back' });
  });

  it('collects notes and keeps the final answer after DONE whole', () => {
    const parsed = parseReply('NOTE: fact one\nnote: fact two\nDONE\nThe answer.\n\nSecond paragraph.');
    expect(parsed.notes).toEqual(['fact one', 'fact two']);
    expect(parsed.action).toEqual({ kind: 'done', summary: 'The answer.\n\nSecond paragraph.' });
  });

  it('reads a form action with field lines and a submit button', () => {
    const parsed = parseReply('FORM: F1\n[name](Ada Lovelace)\n- [agree](on)\n[empty]()\nSUBMIT: send');
    expect(parsed.action).toEqual({
      kind: 'form',
      form: 'f1',
      button: 'send',
      values: [
        { handle: 'name', value: 'Ada Lovelace' },
        { handle: 'agree', value: 'on' },
        { handle: 'empty', value: '' },
      ],
    });
  });

  it('does the first action and says which ones it ignored', () => {
    const parsed = parseReply('SEARCH: a\nOPEN: 2\nBACK');
    expect(parsed.action).toEqual({ kind: 'search', query: 'a' });
    expect(parsed.problems).toEqual(['Only one action per reply: I did SEARCH and ignored OPEN, BACK.']);
  });

  it('explains malformed actions precisely instead of guessing', () => {
    expect(parseReply('OPEN: the second one').problems[0]).toContain('OPEN needs a link or result number');
    expect(parseReply('SEARCH:').problems[0]).toContain('SEARCH needs a query');
    expect(parseReply('DONE').problems[0]).toContain('DONE needs your final answer');
    expect(parseReply('FORM: contact').problems[0]).toContain('FORM needs a form handle');
    expect(parseReply('SUBMIT: go').problems[0]).toContain('SUBMIT only goes inside a FORM');
    expect(parseReply('I think I should look around.')).toEqual({ notes: [], action: null, problems: [] });
  });

  it('does not take a word inside a sentence for an action', () => {
    expect(parseReply('I will open the page later, maybe search again.').action).toBeNull();
  });
});

const form: PageForm = {
  handle: 'f1',
  action: '/echo',
  method: 'post',
  fields: [
    { handle: 'name', kind: 'text', inputType: 'text', label: 'Name', value: '', required: true, options: [] },
    { handle: 'agree', kind: 'checkbox', inputType: 'checkbox', label: 'Agree', value: 'off', required: false, options: [] },
    {
      handle: 'size',
      kind: 'radio',
      inputType: 'radio',
      label: 'Size',
      value: '',
      required: false,
      options: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
    },
    { handle: 'country', kind: 'select', inputType: 'select', label: '', value: '', required: false, options: [{ value: 'fr', label: 'France' }] },
  ],
  buttons: [
    { handle: 'save', label: 'Save draft' },
    { handle: 'send', label: 'Send message' },
  ],
};

describe('checkFormAction', () => {
  it('maps labels to option values, checkbox words to on/off, and button labels to handles', () => {
    const checked = checkFormAction(
      form,
      [
        { handle: 'Name', value: 'Ada' },
        { handle: 'agree', value: 'yes' },
        { handle: 'size', value: 'large' },
        { handle: 'country', value: 'France' },
      ],
      'Send message',
    );
    expect(checked).toEqual({
      errors: [],
      button: 'send',
      values: [
        { handle: 'name', value: 'Ada' },
        { handle: 'agree', value: 'on' },
        { handle: 'size', value: 'l' },
        { handle: 'country', value: 'fr' },
      ],
    });
    expect(checkFormAction(form, [], null).button).toBe('save');
  });

  it('names unknown fields, bad options and missing buttons with what is allowed', () => {
    const { errors } = checkFormAction(
      form,
      [
        { handle: 'nmae', value: 'x' },
        { handle: 'agree', value: 'maybe' },
        { handle: 'size', value: 'xl' },
      ],
      'go',
    );
    expect(errors).toEqual([
      'Form f1 has no field "nmae"; its fields are: name, agree, size, country.',
      'Checkbox "agree" takes (on) or (off), not (maybe).',
      '"size" accepts one of: s, l; (xl) is not one of them.',
      'Form f1 has no button "go"; its buttons are: save, send.',
    ]);
  });
});
