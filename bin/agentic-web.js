#!/usr/bin/env node
// `npm run web`: the prebuilt web host bundle, kept fresh by launch.js.
import { launch } from './launch.js';

await launch('web', 'src-main/hosts/web/main.ts');
