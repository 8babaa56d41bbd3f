export { judgeBlock } from './judge.js';
