// The browser port: what the web agent and browser search need from a browser. Adapters: a page of a
// system Chromium (node/web) or the app's embedded view (electron/browserView). Every call takes
// an AbortSignal; a driver is one fresh page (cookies, storage, history) owned by one request.

export interface PageLink {
  /** Visible text of the anchor (or its title / image alt). */
  text: string;
  /** Absolute URL as found; cleaned by cleanLinks before the model sees it. */
  url: string;
}

export type FormFieldKind = 'text' | 'textarea' | 'select' | 'checkbox' | 'radio';

export interface FormOption {
  value: string;
  label: string;
}

export interface FormField {
  /** Stable within the form: the name (or `name=value` for same-named checkboxes), else id, else `fieldN`. */
  handle: string;
  kind: FormFieldKind;
  /** The input type for 'text' fields (email, number, date, password…). */
  inputType: string;
  label: string;
  /** Current value; for checkboxes 'on' or 'off'. */
  value: string;
  required: boolean;
  /** select and radio: the choices. */
  options: FormOption[];
}

export interface FormButton {
  handle: string;
  label: string;
}

export interface PageForm {
  /** `f1`, `f2`… in document order; stable while the page does not change. */
  handle: string;
  action: string;
  method: string;
  fields: FormField[];
  /** The form's own submit buttons. */
  buttons: FormButton[];
}

export interface PageSnapshot {
  url: string;
  title: string;
  /** Main content as Markdown: hidden text, navigation chrome and short fragments removed. */
  markdown: string;
  links: PageLink[];
  forms: PageForm[];
}

export interface FieldValue {
  handle: string;
  value: string;
}

/** CSS selectors of one engine's results page; the driver reads them in the page. */
export interface ResultSelectors {
  item: string;
  title: string;
  link: string;
  snippet: string;
}

export interface ScrapedResults {
  url: string;
  /** HTTP status of the results page (0 when unknown). */
  status: number;
  title: string;
  /** The start of the page's visible text, to recognise consent walls and CAPTCHAs. */
  textStart: string;
  results: { title: string; url: string; snippet: string }[];
}

export interface ScreencastFrame {
  mime: string;
  /** Base64 image data. */
  data: string;
}

export interface BrowserDriver {
  navigate(url: string, signal: AbortSignal): Promise<{ url: string; title: string }>;
  /** Goes back in history; resolves null when there is nothing to go back to. */
  back(signal: AbortSignal): Promise<{ url: string; title: string } | null>;
  /** Reads the page; `maxChars` bounds the Markdown (the rest of a long page is dropped before conversion). */
  readPage(signal: AbortSignal, options?: { maxChars?: number }): Promise<PageSnapshot>;
  /** Sets field values (checkbox 'on'/'off', radio and select by option value). */
  fillForm(form: string, values: FieldValue[], signal: AbortSignal): Promise<void>;
  /** Submits by clicking the form's own button (its first submit button when none is named). */
  submitForm(form: string, button: string | null, signal: AbortSignal): Promise<{ url: string; title: string }>;
  /** Navigates to an engine's results page and reads the results by selectors. */
  scrapeResults(url: string, selectors: ResultSelectors, signal: AbortSignal): Promise<ScrapedResults>;
  screenshot(signal: AbortSignal): Promise<ScreencastFrame>;
  /** Streams frames while the page changes, until stopScreencast or close. */
  startScreencast(onFrame: (frame: ScreencastFrame) => void): Promise<void>;
  stopScreencast(): Promise<void>;
  close(): Promise<void>;
}

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

export interface WebSearch {
  readonly name: string;
  search(query: string, signal: AbortSignal): Promise<SearchResult[]>;
  /** Searches on a page the caller already holds (the Electron view is one page: a second driver would wait for the first). */
  searchOn?(driver: BrowserDriver, query: string, signal: AbortSignal): Promise<SearchResult[]>;
}
