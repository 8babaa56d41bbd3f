export { parseBlocks, withPlaceholders, paramsOf, type ParseOptions } from './parse.js';
export { checkInteractive, refusalFeedback } from './interactive.js';
