import { Component, type ReactNode } from 'react';

/**
 * A dynamic import that tries again: a chunk request cut off (the web host restarting, a network
 * blip) would otherwise lose that part of the page until a reload, since React.lazy keeps the
 * first failure. Four tries over about five seconds cover a host restart.
 */
export function retryingImport<T>(load: () => Promise<T>, attempts = 4, delayMs = 500): () => Promise<T> {
  return async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await load();
      } catch (error) {
        if (attempt >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
      }
    }
  };
}

/**
 * Shows `fallback` where a lazily loaded part failed to load or render, instead of React unmounting
 * the whole page (a blank window, seen when the host restarted while the Markdown chunk loaded).
 */
export class PartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
