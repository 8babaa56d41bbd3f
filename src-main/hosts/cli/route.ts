// `agentic route`: the router's decision without running anything. With no REQUEST, one request
// per stdin line, one JSON line each (for evaluation scripts).
import { createInterface } from 'node:readline';
import type { RoutingDecision } from '../../common/events.js';
import { appPaths } from '../../app/paths.js';
import { createLogger } from '../../node/logger.js';
import { createRouteDecider, OnnxRouter } from '../../node/routing/onnxRouter.js';
import type { RouteArgs } from './args.js';
import { readRequestFile } from './requestInput.js';

const show = (d: RoutingDecision, json: boolean) =>
  json
    ? JSON.stringify({ agent: d.agent, complexity: d.complexity, language: d.language, confidence: d.confidence })
    : `${d.agent}\t${d.complexity}\t${d.language}\tagent ${(d.confidence.agent * 100).toFixed(0)}%\tcomplexity ${(d.confidence.complexity * 100).toFixed(0)}%`;

export async function routeCommand(args: RouteArgs): Promise<number> {
  const logger = createLogger({ level: 'error' });
  const router = await OnnxRouter.load(appPaths({ host: 'cli' }).router, logger);
  // MCP counts as configured only when the user's settings say so; the CLI reads none here.
  const decide = createRouteDecider(router, { mcpConfigured: () => process.env.AGENTIC_MCP_CONFIGURED === '1', logger });
  const request = args.file !== undefined ? readRequestFile(args.file) : args.request;
  if (request !== undefined) {
    process.stdout.write(show(await decide(request), args.json) + '\n');
    return 0;
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    process.stdout.write(show(await decide(line), true) + '\n');
  }
  return 0;
}
