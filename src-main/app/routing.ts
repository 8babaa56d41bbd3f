// The request router: the ONNX model picks the agent, unless the user named one (then only the
// request's language is detected). Loads with the first request, not with the app.
import type { AgentChoice } from '../common/agents.js';
import { AppError } from '../common/errors.js';
import type { RoutingDecision } from '../common/events.js';
import type { Logger, RequestRouter } from '../core/ports.js';
import { decideRouteDetailed } from '../core/routing/policy.js';
import type { EngineState } from '../node/llm/llamaEngine.js';
import type { Importer } from '../node/loadOptional.js';
import { detectLanguage, lazyLanguageDetector } from '../node/routing/language.js';
import { createRouteDecider, OnnxRouter, type OnnxRuntime } from '../node/routing/onnxRouter.js';
import type { SettingsStore } from '../node/settings/settingsFile.js';

export function createRouting(config: { routerDir: string; settings: SettingsStore; logger: Logger; onnxRuntime?: Importer<OnnxRuntime> }): {
  router: RequestRouter;
  /** Unknown (null) until the first request loads it; unavailable: requests go to the casual agent. */
  state: () => EngineState;
} {
  const { settings, logger } = config;
  const mcpConfigured = () => settings.get().mcpServers.length > 0;
  // The router (onnxruntime-node, its model and the language detector: ~200 ms) loads with the first
  // request, not with the app, so the window is ready sooner; until then its state is unknown (null).
  let routerState: EngineState = { available: null, message: null };
  // One language detector for the router and for requests whose agent the user chose.
  const languages = lazyLanguageDetector(logger);
  let decider: Promise<ReturnType<typeof createRouteDecider> | null> | null = null;
  const routeDecider = () =>
    (decider ??= OnnxRouter.load(config.routerDir, logger, config.onnxRuntime, languages).then(
      (router) => {
        routerState = { available: true, message: null };
        return createRouteDecider(router, { mcpConfigured, logger });
      },
      (error: unknown) => {
        routerState = { available: false, message: error instanceof Error ? error.message : String(error) };
        logger.warn('router unavailable; requests go to the casual agent', { error: routerState.message });
        return null;
      },
    ));
  const router: RequestRouter = {
    route: async (text: string, userChoice?: AgentChoice): Promise<RoutingDecision> => {
      if (userChoice && userChoice !== 'auto') {
        // The user named the agent: only the request's language is needed, not the router's model.
        const scores = { agent: {}, complexity: { LOW: 1, HIGH: 0 }, language: await detectLanguage(text, languages) };
        return decideRouteDetailed(scores, { mcpConfigured: mcpConfigured(), userChoice, text }).decision;
      }
      const decide = await routeDecider();
      if (!decide) throw new AppError('ROUTER_UNAVAILABLE', 'The router model is not available.');
      return decide(text, userChoice);
    },
  };
  return { router, state: () => routerState };
}
