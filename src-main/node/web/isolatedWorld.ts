// Runs our in-page scripts in an isolated world of the page's main frame: the DOM is shared, but
// the page's JavaScript cannot see our code or libraries, nor tamper with the built-ins they use
// (an overridden Array.prototype or getComputedStyle could hide text from the hidden-text filter).
// Libraries are installed once per document, so later reads only send the small script.
import type { CDPSession, Page } from 'puppeteer-core';
import { pageLibraries, type PageLibrary } from './pageLibraries.js';

const WORLD_NAME = 'agentic-reader';

interface World {
  loaderId: string;
  contextId: number;
  installed: Set<PageLibrary>;
}

export class IsolatedWorld {
  private cdp: CDPSession | null = null;
  private world: World | null = null;

  constructor(private readonly page: Page) {}

  /** Evaluates an expression and returns its JSON value; `libraries` are installed first when missing. */
  async evaluate<T>(expression: string, libraries: readonly PageLibrary[] = []): Promise<T> {
    try {
      return await this.run<T>(expression, libraries);
    } catch (error) {
      // The document changed under a cached context (a navigation between the check and the call): once more.
      if (error instanceof Error && /Cannot find context|context was destroyed|Execution context/i.test(error.message)) {
        this.world = null;
        return this.run<T>(expression, libraries);
      }
      throw error;
    }
  }

  async dispose(): Promise<void> {
    const cdp = this.cdp;
    this.cdp = null;
    this.world = null;
    await cdp?.detach().catch(() => undefined);
  }

  private async run<T>(expression: string, libraries: readonly PageLibrary[]): Promise<T> {
    const world = await this.current();
    for (const library of libraries) {
      if (world.installed.has(library)) continue;
      await this.send(world, pageLibraries(library));
      world.installed.add(library);
    }
    return (await this.send(world, expression)) as T;
  }

  private async current(): Promise<World> {
    this.cdp ??= await this.page.createCDPSession();
    const { frameTree } = await this.cdp.send('Page.getFrameTree');
    const { id, loaderId } = frameTree.frame;
    if (this.world?.loaderId === loaderId) return this.world;
    const { executionContextId } = await this.cdp.send('Page.createIsolatedWorld', { frameId: id, worldName: WORLD_NAME });
    this.world = { loaderId, contextId: executionContextId, installed: new Set() };
    return this.world;
  }

  private async send(world: World, expression: string): Promise<unknown> {
    const { result, exceptionDetails } = await this.cdp!.send('Runtime.evaluate', { expression, contextId: world.contextId, returnByValue: true });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description?.split('\n')[0] ?? exceptionDetails.text);
    return result.value;
  }
}
