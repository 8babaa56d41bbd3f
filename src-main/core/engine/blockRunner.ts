// A turn's blocks, one after another: judged (approval policy, taint), asked when the verdict says
// so, run by their tool, kept whole as a file when their output floods, persisted and reported.
import { toErrorData } from '../../common/errors.js';
import type { BlockResult } from '../../common/events.js';
import { keepLargeOutput, type OffloadEnv } from '../largeInput/offload.js';
import type { ApprovalVerdict, Block, Tool, ToolResult } from '../ports.js';
import { taintReason, type TurnServices, type TurnState } from './turnState.js';

export class BlockRunner {
  constructor(
    private readonly services: TurnServices,
    private readonly state: TurnState,
    private readonly offload: OffloadEnv | null,
  ) {}

  private get ids() {
    return { sessionId: this.state.sessionId, turnId: this.state.turnId };
  }

  /** Runs blocks in order; stops at the first that fails (later blocks usually depend on earlier ones). */
  async runBlocks(blocks: Block[], tools: readonly Tool[], call: number): Promise<BlockResult[]> {
    const results: BlockResult[] = [];
    for (const block of blocks) {
      this.state.signal.throwIfAborted();
      const result = await this.runOne(block, tools, call);
      results.push(result);
      if (!result.success) break; // Later blocks usually depend on earlier ones.
    }
    return results;
  }

  private async runOne(block: Block, tools: readonly Tool[], call: number): Promise<BlockResult> {
    const { services, state, offload } = this;
    const { emit, store, logger } = services;
    const ids = this.ids;
    const started = performance.now();
    emit({ type: 'block.started', ...ids, blockId: block.id, call, tool: block.tag, code: block.code, savePath: block.savePath });
    let result: ToolResult;
    const tool = tools.find((t) => t.definition.tag === block.tag);
    if (!tool) {
      result = { status: 'error', exitCode: null, output: `No tool handles \`${block.tag}\` blocks here.`, savedTo: null, durationMs: 0 };
    } else {
      const reason = taintReason(state);
      const verdict = await services.judge(block, {
        workspace: state.workspace,
        tainted: reason !== null,
        ...(reason !== null ? { taintReason: reason } : {}),
        definition: tool.definition,
      });
      result = await this.approveThenRun(block, tool, verdict);
    }
    const output = result.feedback && result.status !== 'ok' ? `${result.output}${result.output ? '\n' : ''}${result.feedback}` : result.output;
    const finished: BlockResult = {
      blockId: block.id,
      tool: block.tag,
      status: result.status,
      success: result.status === 'ok',
      exitCode: result.exitCode,
      // A tool that bounds its own output (file_finder reads in ranges) says so in its policy; other tools' floods are kept whole as files.
      output: offload && tool?.definition.policy.boundsOwnOutput !== true ? await keepLargeOutput(output, offload) : output,
      savedTo: result.savedTo,
      durationMs: result.durationMs || Math.round(performance.now() - started),
    };
    // Text from outside (an MCP answer, search results, a file marked untrusted): later actions ask first, in this turn and while it stays in memory.
    // Whatever the status: an MCP error result, a JSON-RPC error or a failed block that printed a marked file reach the model too.
    // Only a block that never ran (declined, no tool) carries nothing but the app's own words.
    const untrusted = result.untrusted ?? tool?.definition.policy.untrustedOutput ?? null;
    if (untrusted !== null && tool && result.status !== 'declined') state.taintedBy ??= untrusted;
    store.addBlock(state.turnId, { ...finished, code: block.code, call });
    logger.info('block finished', { turnId: state.turnId, blockId: block.id, tool: block.tag, status: finished.status, ms: finished.durationMs });
    emit({ type: 'block.finished', ...ids, ...finished });
    return finished;
  }

  private async approveThenRun(block: Block, tool: Tool, verdict: ApprovalVerdict): Promise<ToolResult> {
    const { services, state } = this;
    const declined = (why: string): ToolResult => ({ status: 'declined', exitCode: null, output: why, savedTo: null, durationMs: 0 });
    if (verdict.action === 'deny') return declined(`Not run: ${verdict.reasons.join('; ')}.`);
    if (verdict.action === 'ask') {
      const approved = await services.askUser({
        turnId: state.turnId,
        blockId: block.id,
        tool: block.tag,
        command: block.code,
        reasons: verdict.reasons,
        signal: state.signal,
      });
      state.signal.throwIfAborted();
      if (!approved)
        return declined(`The user declined to run this ${block.tag} block (${verdict.reasons.join('; ')}). Do not retry it as is; propose a safer way or ask the user.`);
    }
    try {
      return await tool.run(block, {
        workspace: state.workspace,
        signal: state.signal,
        turnId: state.turnId,
        blockId: block.id,
        timeoutMs: services.blockTimeoutMs,
        onOutput: (data) => services.emit({ type: 'terminal.output', ...this.ids, blockId: block.id, data }),
      });
    } catch (error) {
      if (state.signal.aborted) throw error;
      const data = toErrorData(error);
      services.logger.warn('tool failed', { tool: block.tag, code: data.code });
      return { status: 'error', exitCode: null, output: data.message, savedTo: null, durationMs: 0 };
    }
  }
}
