#!/usr/bin/env node
// The `agentic` command: the prebuilt CLI bundle, kept fresh by launch.js.
import { launch } from './launch.js';

await launch('main', 'src-main/hosts/cli/main.ts');
