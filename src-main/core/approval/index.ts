export { judgeBlock, CODE_TAGS, type ApprovalMode, type JudgeOptions, type ShellSyntaxCheck } from './judge.js';
export { splitCommands, scanScript, type SimpleCommand, type Redirect } from './shellLex.js';
export { judgeShellScript, type Findings } from './shellRules.js';
