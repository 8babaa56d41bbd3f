export { createCodeTools, type CreateCodeToolsOptions, type CodeTools } from './codeTools.js';
export { createCodeTool, missingToolchainTool, plainText, type CodeToolOptions } from './codeTool.js';
export { detectToolchains, CODE_LANGUAGES, type CodeLanguage, type Toolchain } from './toolchains.js';
export { detectSandbox, bwrapArgs, macProfile, wrapCommand, type SandboxInfo, type SandboxKind, type SandboxSpec, type SandboxLimits } from './sandbox.js';
export { DEFAULT_LIMITS } from './sandboxPolicy.js';
export { specFor, toolchainRoots } from './blockSpec.js';
export { defaultHomesDir } from './privateHome.js';
export { runInPty, type PtyRunOptions, type PtyRunResult } from './ptyRun.js';
export { checkShellSyntax } from './shellSyntax.js';
