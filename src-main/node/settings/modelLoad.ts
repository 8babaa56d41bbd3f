// The embedded model's load, for the header: each provider built gets a listener that turns its load
// reports into `model.loadProgress` events and keeps the latest (app.info carries it, so a page
// opened mid-load shows the bar at once). Reports of a provider already replaced (the user switched
// models meanwhile) are dropped.
import type { EventInput, ModelLoad } from '../../common/events.js';
import type { ProviderInfo } from '../../core/ports.js';
import type { ModelLoadListener } from '../llm/loadProgress.js';

export class ModelLoadTracker {
  private current: ModelLoad | null = null;
  private generation = 0;
  private readonly onLoading = new Set<() => void>();

  constructor(private readonly emit: (event: EventInput) => void) {}

  /** Called for each provider built: the previous one's load no longer counts. */
  listenerForNewProvider(): ModelLoadListener {
    const generation = ++this.generation;
    this.current = null;
    return (load) => {
      if (generation !== this.generation) return;
      this.current = load;
      this.emit({ type: 'model.loadProgress', sessionId: null, turnId: null, ...load });
      if (load.status === 'loading') for (const wake of [...this.onLoading]) wake();
    };
  }

  state(): ModelLoad | null {
    return this.current;
  }

  /**
   * The provider's info, or null as soon as its model is loading: a large model takes seconds to
   * minutes to load, and app.info must answer meanwhile (the header shows the load, then asks again).
   */
  async unlessLoading(info: Promise<ProviderInfo>): Promise<ProviderInfo | null> {
    const settled = info.catch(() => null);
    if (this.current?.status === 'loading') return null;
    let wake = (): void => undefined;
    const loading = new Promise<null>((resolve) => {
      wake = () => resolve(null);
      this.onLoading.add(wake);
    });
    try {
      return await Promise.race([settled, loading]);
    } finally {
      this.onLoading.delete(wake);
    }
  }
}
