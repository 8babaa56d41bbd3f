import { commands, isCommandName, type CallContext, type Handlers } from './contract.js';
import { toErrorData } from './errors.js';
import { fail, ok, type Result } from './result.js';

/**
 * The one path every host uses for a call that crossed a trust boundary: name checked, input
 * parsed with the contract, handler run, output checked, all answered as an envelope.
 */
export async function dispatch(handlers: Handlers, name: unknown, input: unknown, ctx: CallContext): Promise<Result<unknown>> {
  if (!isCommandName(name)) return fail({ code: 'UNKNOWN_COMMAND', message: `Unknown command: ${String(name).slice(0, 80)}` });
  const spec = commands[name];
  const parsed = spec.input.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return fail({ code: 'BAD_INPUT', message: `${name}: ${where}${issue?.message ?? 'invalid input'}` });
  }
  try {
    const handler = handlers[name] as (i: unknown, c: CallContext) => Promise<unknown>;
    const value = await handler(parsed.data, ctx);
    return ok(spec.output.parse(value));
  } catch (error) {
    return fail(toErrorData(error));
  }
}
