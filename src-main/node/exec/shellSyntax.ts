// The shell syntax check for the approval policy, over mvdan/sh compiled to WASM (sh-syntax). Its
// JSON AST drops the command nodes, so it validates only; core/approval/shellLex.ts splits commands.
import { parse } from 'sh-syntax';
import type { ShellSyntaxCheck } from '../../core/approval/judge.js';

export const checkShellSyntax: ShellSyntaxCheck = async (script) => {
  try {
    await parse(script);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};
