// The few web-standard globals that common/ and core/ may use. Both Node and browsers provide them;
// declaring them here (and not pulling in @types/node or the DOM) keeps those layers isomorphic.
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
  throwIfAborted(): void;
}
declare var AbortSignal: { abort(reason?: unknown): AbortSignal; timeout(ms: number): AbortSignal; any(signals: AbortSignal[]): AbortSignal };
interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare var AbortController: { new (): AbortController };
declare function setTimeout(handler: () => void, ms?: number): unknown;
declare function clearTimeout(id: unknown): void;
declare function queueMicrotask(callback: () => void): void;
interface TextEncoder {
  encode(input?: string): Uint8Array;
}
declare var TextEncoder: { new (): TextEncoder };
declare var performance: { now(): number };
declare var crypto: { randomUUID(): string; getRandomValues<T extends ArrayBufferView>(array: T): T };
interface URLSearchParams {
  get(name: string): string | null;
  has(name: string): boolean;
  delete(name: string): void;
  set(name: string, value: string): void;
  keys(): IterableIterator<string>;
  forEach(cb: (value: string, key: string) => void): void;
  toString(): string;
}
interface URL {
  href: string;
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  origin: string;
  username: string;
  password: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}
declare var URL: { new (url: string, base?: string | URL): URL; canParse?(url: string, base?: string): boolean };
declare var URLSearchParams: { new (init?: string | Record<string, string>): URLSearchParams };
