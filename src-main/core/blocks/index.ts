export { parseBlocks, parseReplyBlocks, withPlaceholders, paramsOf, DEFAULT_MAX_BLOCKS, type ParseOptions, type ParsedReply } from './parse.js';
export { checkInteractive, refusalFeedback } from './interactive.js';
