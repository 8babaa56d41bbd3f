// What the model is shown after each action. All text that came from the web sits inside
// untrusted-data fences; the structure around it (labels, numbers, handles) is ours.
import type { PageForm, PageLink, PageSnapshot, SearchResult } from './driver.js';
import { cutToTokenBudget, wrapUntrusted } from './text.js';

export interface Note {
  text: string;
  source: string;
}

export function formatResults(query: string, results: readonly SearchResult[], nonce: string): string {
  if (results.length === 0) return `Search "${query}" found nothing. Try other words.`;
  const list = results.map((r, i) => `${i + 1}. ${r.title} — ${r.url}\n   ${r.snippet}`).join('\n');
  return `Search results for "${query}" (OPEN: n to read one):\n${wrapUntrusted(list, `search: ${query}`, nonce)}`;
}

function formatField(field: PageForm['fields'][number]): string {
  const label = field.label ? ` "${field.label}"` : '';
  const required = field.required ? ' (required)' : '';
  if (field.kind === 'select' || field.kind === 'radio') {
    const options = field.options.map((o) => (o.label && o.label !== o.value ? `${o.value} (${o.label})` : o.value)).join(' | ');
    return `[${field.handle}] ${field.kind}${label}${required}, one of: ${options}; now: ${field.value || 'none'}`;
  }
  if (field.kind === 'checkbox') return `[${field.handle}] checkbox${label}; now: ${field.value}`;
  const type = field.kind === 'textarea' ? 'textarea' : field.inputType;
  return `[${field.handle}] ${type}${label}${required}; now: "${field.value}"`;
}

export function formatForms(forms: readonly PageForm[]): string {
  return forms
    .map((form) => {
      const buttons = form.buttons.map((b) => `${b.handle} "${b.label}"`).join(', ') || 'none (submitted without a button)';
      return `Form ${form.handle} (${form.method.toUpperCase()} ${form.action}):\n${form.fields.map(formatField).join('\n')}\nbuttons: ${buttons}`;
    })
    .join('\n\n');
}

export function formatLinks(links: readonly PageLink[]): string {
  return links.map((l, i) => `${i + 1}. ${l.text || '(no text)'} — ${l.url}`).join('\n');
}

export function formatPage(page: PageSnapshot, links: readonly PageLink[], tokenBudget: number, nonce: string): string {
  const body = cutToTokenBudget(page.markdown || '(no readable text)', tokenBudget);
  const parts = [`Page: ${page.url} (its title and text follow)`, wrapUntrusted(`${page.title}\n\n${body.text}`, page.url, nonce)];
  if (links.length) parts.push(`Links on this page (OPEN: n to follow one):\n${wrapUntrusted(formatLinks(links), `${page.url} links`, nonce)}`);
  if (page.forms.length) parts.push(`Forms on this page (fill with FORM):\n${wrapUntrusted(formatForms(page.forms), `${page.url} forms`, nonce)}`);
  return parts.join('\n\n');
}

export function formatNotes(notes: readonly Note[]): string {
  if (notes.length === 0) return '(none yet)';
  return notes.map((n, i) => `${i + 1}. ${n.text} (from ${n.source})`).join('\n');
}

/** The answer the user sees: the model's summary, then the pages its notes came from. */
export function withSources(summary: string, sources: readonly string[], heading: string): string {
  const missing = sources.filter((s) => !summary.includes(s));
  if (missing.length === 0) return summary.trim();
  return `${summary.trim()}\n\n${heading}\n${sources.map((s) => `- ${s}`).join('\n')}`;
}
