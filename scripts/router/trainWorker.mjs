// Worker entry: registers tsx so the TypeScript trainer runs whether the parent process runs under
// tsx (npm run train:router), vitest or plain node.
import { register } from 'tsx/esm/api';

register();
await import('./trainWorker.ts');
