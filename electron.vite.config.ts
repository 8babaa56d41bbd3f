import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    // headless: what a packaged app's OS job runs (hosts/cli/headless.ts), an entry of its own so it loads without main.js.
    build: { outDir: 'out/main', rollupOptions: { input: { main: resolve(root, 'src-main/main.ts'), headless: resolve(root, 'src-main/hosts/cli/headless.ts') } } },
  },
  preload: {
    // Sandboxed preloads cannot load ES modules: bundle it as CommonJS.
    plugins: [externalizeDepsPlugin({ exclude: ['zod'] })],
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: { preload: resolve(root, 'src-preload/preload.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    plugins: [react()],
    build: { outDir: 'out/renderer', rollupOptions: { input: { index: resolve(root, 'src-renderer/index.html') } } },
  },
});
