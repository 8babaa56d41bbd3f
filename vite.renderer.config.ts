// The renderer built on its own, for the web host and tests (electron-vite builds it for Electron).
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: resolve(import.meta.dirname, 'src-renderer'),
  base: './',
  plugins: [react()],
  build: { outDir: resolve(import.meta.dirname, 'out/renderer'), emptyOutDir: true, sourcemap: false },
  logLevel: 'warn',
});
