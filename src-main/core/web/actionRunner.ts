// Carries out the web agent's actions on one browser page and keeps what the model is looking at
// (search results or a page). Failures become feedback sentences for the model, never exceptions,
// except cancellation.
import { AppError, isAbortError } from '../../common/errors.js';
import type { AgentContext } from '../agent.js';
import type { ApprovalVerdict } from '../ports.js';
import type { ToolDefinition } from '../tools/defineTool.js';
import { judgeFormSubmission, WEB_FORM } from '../tools/defs/webForm.js';
import { judgeNavigation, WEB_OPEN } from '../tools/defs/webOpen.js';
import { WEB_SEARCH } from '../tools/defs/webSearch.js';
import type { WebAction } from './actionParser.js';
import { checkFormAction } from './actionParser.js';
import { detectBlocker, type Blocker } from './blockers.js';
import type { BrowserDriver, PageLink, PageSnapshot, SearchResult, WebSearch } from './driver.js';
import { cleanLinks, cleanUrl } from './links.js';
import { formatPage, formatResults } from './observe.js';

export type WebView = { kind: 'none' } | { kind: 'results'; query: string; results: SearchResult[] } | { kind: 'page'; page: PageSnapshot; links: PageLink[] };

export interface ActionResult {
  feedback: string[];
  /** Where the action led, for the stuck detector. */
  landed?: { url: string; content: string };
}

const MAX_LINKS = 40;

export class WebActions {
  private driver: BrowserDriver | null = null;
  private taintMarked = false;
  private view: WebView = { kind: 'none' };

  constructor(
    private readonly ctx: AgentContext,
    private readonly deps: { driver: () => Promise<BrowserDriver>; search: WebSearch; screencast?: boolean; searchInPage?: boolean },
    private readonly nonce: string,
    private readonly pageTokens: number,
  ) {}

  /** Where a note taken now comes from. */
  currentSource(): string {
    if (this.view.kind === 'page') return this.view.page.url;
    if (this.view.kind === 'results') return `search "${this.view.query}"`;
    return 'the request';
  }

  /** The consent wall or CAPTCHA the current page is, if any. */
  blocker(): Blocker | null {
    return this.view.kind === 'page' ? detectBlocker(this.view.page.title, this.view.page.markdown) : null;
  }

  observation(): string {
    const view = this.view;
    if (view.kind === 'results') return formatResults(view.query, view.results, this.nonce);
    if (view.kind === 'page') {
      const blocker = detectBlocker(view.page.title, view.page.markdown);
      if (blocker)
        return `Page: ${view.page.url}\nThis page is a ${blocker === 'captcha' ? 'CAPTCHA' : 'consent wall'}: you cannot get past it. Go BACK, OPEN another result or SEARCH again.`;
      return formatPage(view.page, view.links, this.pageTokens, this.nonce);
    }
    return 'Nothing yet: start with SEARCH.';
  }

  async perform(action: Exclude<WebAction, { kind: 'done' }>): Promise<ActionResult> {
    try {
      if (action.kind === 'search') return await this.search(action.query);
      if (action.kind === 'open') return await this.open(action.target);
      if (action.kind === 'back') return await this.back();
      return await this.form(action.form, action.values, action.button);
    } catch (error) {
      if (isAbortError(error) || this.ctx.signal.aborted) throw error;
      if (error instanceof AppError && error.code === 'BROWSER_UNAVAILABLE') throw error;
      return { feedback: [`That failed: ${error instanceof Error ? error.message : String(error)}. Try something else.`] };
    }
  }

  async close(): Promise<void> {
    const driver = this.driver;
    this.driver = null;
    if (!driver) return;
    await driver.stopScreencast().catch(() => undefined);
    await driver.close().catch((error: unknown) => this.ctx.logger.warn('closing the browser page failed', { error: String(error) }));
  }

  /** Called before web text is shown to the model, once per run even if another source tainted the turn first; the source is the action's definition's. */
  private taint(action: ToolDefinition): void {
    if (this.taintMarked || action.policy.untrustedOutput === null) return;
    this.taintMarked = true;
    this.ctx.markTainted(action.policy.untrustedOutput);
  }

  /** Asks the user when the action's own check says so (its definition's module); true when it may go ahead. */
  private async approved(action: ToolDefinition, verdict: ApprovalVerdict, command: string): Promise<boolean> {
    if (verdict.action === 'allow') return true;
    if (verdict.action === 'deny') return false;
    return this.ctx.askUser({ turnId: this.ctx.turnId, blockId: null, tool: action.tag, command, reasons: verdict.reasons, signal: this.ctx.signal });
  }

  private async page(): Promise<BrowserDriver> {
    if (this.driver) return this.driver;
    this.driver = await this.deps.driver();
    if (this.deps.screencast !== false) {
      const { sessionId, turnId } = this.ctx;
      await this.driver.startScreencast((frame) => this.ctx.emit({ type: 'browser.frame', sessionId, turnId, mime: frame.mime, data: frame.data }));
    }
    return this.driver;
  }

  private async search(query: string): Promise<ActionResult> {
    const { search } = this.deps;
    const results = this.deps.searchInPage && search.searchOn ? await search.searchOn(await this.page(), query, this.ctx.signal) : await search.search(query, this.ctx.signal);
    this.taint(WEB_SEARCH);
    this.view = { kind: 'results', query, results };
    return { feedback: [], landed: { url: `search:${query}`, content: results.map((r) => r.url).join('\n') } };
  }

  private resolveTarget(target: number | string): string | string[] {
    if (typeof target === 'string') return cleanUrl(target) ?? [`"${target}" is not a web address.`];
    const view = this.view;
    const list = view.kind === 'results' ? view.results : view.kind === 'page' ? view.links : [];
    const item = list[target - 1];
    if (item) return item.url;
    const what = view.kind === 'results' ? 'results' : 'links';
    return [
      list.length
        ? `There is no ${what.slice(0, -1)} ${target}: pick 1 to ${list.length}, or give a full URL.`
        : 'There is nothing numbered to open here: SEARCH first or give a full URL.',
    ];
  }

  private async open(target: number | string): Promise<ActionResult> {
    const url = this.resolveTarget(target);
    if (Array.isArray(url)) return { feedback: url };
    const nav = { url, typed: typeof target === 'string', conversation: [this.ctx.request, ...this.ctx.history.map((m) => m.content)] };
    if (!(await this.approved(WEB_OPEN, judgeNavigation(nav, { tainted: this.ctx.tainted }), `Open ${url}`))) {
      return { feedback: ['The user declined opening that address. Do not open it again; continue another way or finish with DONE.'] };
    }
    const driver = await this.page();
    const landed = await driver.navigate(url, this.ctx.signal);
    this.navigated(landed);
    return this.read();
  }

  private async back(): Promise<ActionResult> {
    if (!this.driver) return { feedback: ['There is no page to go back from.'] };
    const landed = await this.driver.back(this.ctx.signal);
    if (!landed) return { feedback: ['There is no earlier page in this tab; OPEN a result or SEARCH again.'] };
    this.navigated(landed);
    return this.read();
  }

  private navigated(to: { url: string; title: string }): void {
    this.ctx.emit({ type: 'browser.navigated', sessionId: this.ctx.sessionId, turnId: this.ctx.turnId, url: to.url, title: to.title });
  }

  private async read(): Promise<ActionResult> {
    // A little more than the budget, so the cut (and its notice) happens here, at a paragraph end.
    const page = await this.driver!.readPage(this.ctx.signal, { maxChars: Math.ceil(this.pageTokens * 5) });
    this.taint(WEB_OPEN);
    this.view = { kind: 'page', page, links: cleanLinks(page.links, page.url, MAX_LINKS) };
    return { feedback: [], landed: { url: page.url, content: page.markdown } };
  }

  private async form(handle: string, values: { handle: string; value: string }[], button: string | null): Promise<ActionResult> {
    const view = this.view;
    const form = view.kind === 'page' ? view.page.forms.find((f) => f.handle === handle) : undefined;
    if (!form || !this.driver) {
      const have = view.kind === 'page' ? view.page.forms.map((f) => f.handle).join(', ') : '';
      return { feedback: [have ? `There is no form ${handle} on this page; its forms are: ${have}.` : 'There is no form on the current page.'] };
    }
    const checked = checkFormAction(form, values, button);
    if (checked.errors.length) return { feedback: [...checked.errors, 'Nothing was filled; write the FORM action again with those fixed.'] };
    // Page text has entered this turn by now (the form itself came from a page): a submission is a
    // consequential action the user approves.
    const command = `Submit form ${form.handle} on ${view.kind === 'page' ? view.page.url : ''} (${form.method.toUpperCase()} ${form.action}) with ${checked.values.map((v) => `${v.handle}=${v.value}`).join(', ') || 'no changes'}`;
    if (!(await this.approved(WEB_FORM, judgeFormSubmission({ tainted: this.ctx.tainted }), command))) {
      return { feedback: ['The user declined this form submission. Do not submit it again; continue another way or finish with DONE.'] };
    }
    await this.driver.fillForm(form.handle, checked.values, this.ctx.signal);
    const landed = await this.driver.submitForm(form.handle, checked.button, this.ctx.signal);
    this.navigated(landed);
    return this.read();
  }
}
