export { createCodeTools, type CreateCodeToolsOptions, type CodeTools } from './codeTools.js';
export { missingToolchainTool } from './languageTool.js';
export { detectToolchains } from './toolchains.js';
export { detectSandbox, wrapCommand, type SandboxInfo, type SandboxLimits } from './sandbox.js';
export { DEFAULT_LIMITS } from './sandboxPolicy.js';
export { specFor, toolchainRoots } from './blockSpec.js';
export { defaultHomesDir } from './privateHome.js';
export { runInPty } from './ptyRun.js';
export { checkShellSyntax } from './shellSyntax.js';
