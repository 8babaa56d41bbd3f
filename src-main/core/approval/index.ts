export { judgeBlock, type ApprovalMode } from './judge.js';
