// The web agent's action language, parsed tolerantly: keywords in any case, with or without a colon,
// inside bullets, bold or backticks, but only on a line that is the action (actionLine.ts).
// Problems come back as precise sentences for the model.
import { actionLine } from './actionLine.js';
import type { FieldValue, PageForm } from './driver.js';

export type WebAction =
  | { kind: 'search'; query: string }
  | { kind: 'open'; target: number | string }
  | { kind: 'back' }
  | { kind: 'form'; form: string; values: FieldValue[]; button: string | null }
  | { kind: 'done'; summary: string };

export interface ParsedReply {
  notes: string[];
  action: WebAction | null;
  problems: string[];
}

const FIELD = /^\s*(?:[-*]\s*)?\[([^\]\n]+)\]\s*\((.*)\)\s*$/;

function unquote(text: string): string {
  const t = text.trim().replace(/`/g, '').replace(/\*\*$/, '').trim();
  const m = /^(["'“«])(.*)(["'”»])$/.exec(t);
  return (m ? m[2]! : t).trim();
}

function parseTarget(raw: string): number | string | null {
  const t = unquote(raw)
    .replace(/^(?:link|result|#)\s*/i, '')
    .replace(/^\[(\d+)\]$/, '$1');
  if (/^\d+$/.test(t)) return Number(t);
  const url = /https?:\/\/\S+/.exec(t);
  return url ? url[0] : null;
}

export function parseReply(reply: string): ParsedReply {
  const out: ParsedReply = { notes: [], action: null, problems: [] };
  const lines = reply.split('\n');
  let form: { form: string; values: FieldValue[]; button: string | null } | null = null;
  const ignored: string[] = [];
  const take = (action: WebAction, keyword: string) => {
    if (out.action) ignored.push(keyword);
    else out.action = action;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const field = FIELD.exec(line);
    if (field && form) {
      form.values.push({ handle: field[1]!.trim(), value: field[2]!.trim() });
      continue;
    }
    const m = actionLine(line);
    if (!m) continue;
    const { keyword, rest } = m;
    if (keyword === 'NOTE') {
      if (rest) out.notes.push(unquote(rest));
    } else if (keyword === 'SEARCH') {
      const query = unquote(rest);
      if (query) take({ kind: 'search', query }, keyword);
      else out.problems.push('SEARCH needs a query on the same line, e.g. `SEARCH: boiling point of water`.');
    } else if (keyword === 'OPEN') {
      const target = parseTarget(rest);
      if (target !== null) take({ kind: 'open', target }, keyword);
      else out.problems.push(`OPEN needs a link or result number (e.g. \`OPEN: 3\`) or a full URL; I read "${rest}".`);
    } else if (keyword === 'BACK') {
      take({ kind: 'back' }, keyword);
    } else if (keyword === 'FORM') {
      const handle = unquote(rest).toLowerCase();
      if (!/^f\d+$/.test(handle)) out.problems.push(`FORM needs a form handle such as \`FORM: f1\`; I read "${rest}".`);
      else if (!out.action) form = { form: handle, values: [], button: null };
      else ignored.push(keyword);
    } else if (keyword === 'SUBMIT') {
      if (form) form.button = unquote(rest) || null;
      else out.problems.push('SUBMIT only goes inside a FORM action, after its [field](value) lines.');
    } else if (keyword === 'DONE') {
      // The answer is what follows DONE; a bare DONE closing an answer written above it keeps that answer.
      const summary = [rest, ...lines.slice(i + 1)].join('\n').trim() || answerAbove(lines.slice(0, i));
      if (summary) take({ kind: 'done', summary }, keyword);
      else out.problems.push('DONE needs your final answer after it, on the same line or the lines below.');
      break;
    }
  }
  if (form && !out.action) {
    if (form.values.length === 0 && form.button === null) out.problems.push(`FORM: ${form.form} has no [field](value) lines and no SUBMIT line.`);
    else out.action = { kind: 'form', ...form };
  }
  if (ignored.length) out.problems.push(`Only one action per reply: I did ${out.action?.kind.toUpperCase()} and ignored ${ignored.join(', ')}.`);
  return out;
}

/** The reply's text above a bare DONE, without its action and note lines. */
export function answerAbove(lines: readonly string[]): string {
  return lines
    .filter((l) => actionLine(l) === null)
    .join('\n')
    .trim();
}

const CHECKED = /^(on|checked|check|yes|true|x|1|tick|ticked|selected)$/i;
const UNCHECKED = /^(off|unchecked|uncheck|no|false|0|none|clear|unticked)$/i;

export interface CheckedForm {
  values: FieldValue[];
  button: string | null;
  errors: string[];
}

/** Checks field handles and values against the form as read, and turns labels into option values. */
export function checkFormAction(form: PageForm, values: readonly FieldValue[], button: string | null): CheckedForm {
  const errors: string[] = [];
  const out: FieldValue[] = [];
  const handles = form.fields.map((f) => f.handle);
  for (const { handle, value } of values) {
    const field = form.fields.find((f) => f.handle === handle) ?? form.fields.find((f) => f.handle.toLowerCase() === handle.toLowerCase());
    if (!field) {
      errors.push(`Form ${form.handle} has no field "${handle}"; its fields are: ${handles.join(', ')}.`);
      continue;
    }
    if (field.kind === 'checkbox') {
      if (CHECKED.test(value)) out.push({ handle: field.handle, value: 'on' });
      else if (UNCHECKED.test(value)) out.push({ handle: field.handle, value: 'off' });
      else errors.push(`Checkbox "${field.handle}" takes (on) or (off), not (${value}).`);
    } else if (field.kind === 'select' || field.kind === 'radio') {
      const lower = value.toLowerCase();
      const option = field.options.find((o) => o.value === value) ?? field.options.find((o) => o.value.toLowerCase() === lower || o.label.toLowerCase() === lower);
      if (option) out.push({ handle: field.handle, value: option.value });
      else errors.push(`"${field.handle}" accepts one of: ${field.options.map((o) => o.value).join(', ')}; (${value}) is not one of them.`);
    } else {
      out.push({ handle: field.handle, value });
    }
  }
  let chosen: string | null = form.buttons[0]?.handle ?? null;
  if (button !== null) {
    const lower = button.toLowerCase();
    const match = form.buttons.find((b) => b.handle.toLowerCase() === lower || b.label.toLowerCase() === lower);
    if (match) chosen = match.handle;
    else errors.push(`Form ${form.handle} has no button "${button}"; its buttons are: ${form.buttons.map((b) => b.handle).join(', ') || 'none'}.`);
  }
  return { values: out, button: chosen, errors };
}
