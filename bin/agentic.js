#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `agentic` works straight after install with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src-main/hosts/cli/main.ts');
