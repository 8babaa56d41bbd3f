// Layer rules: folders are layers, and imports may only point down the stack
// common <- core <- node <- electron/hosts <- app/. Renderer and preload see only common.
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net', 'url', 'util', 'events', 'stream'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'bench/results.json',
      'tests/e2e/screenshots/**',
      '.cache/**',
      'bin/**',
      'eslint.config.js',
      'types/**',
      'tests/fixtures/**/*.js',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    // Each layer is type-checked with its own tsconfig (common/core cannot see Node or DOM types).
    languageOptions: { parserOptions: { project: './tsconfig.node.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: './tsconfig.renderer.json', tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['src-preload/**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.preload.json', tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}', 'src-preload/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
      // A function longer than a screen hides its steps. A warning, not an error: a React component
      // or a table-like function can stay whole where splitting it would only scatter it.
      'max-lines-per-function': ['warn', { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    files: ['src-main/common/**/*.ts'],
    rules: restrict(
      [...nodeBuiltins, 'electron', '**/core/**', '**/node/**', '**/electron/**', '**/hosts/**', '**/app', 'react*'],
      'common/ is isomorphic: no Node, no Electron, no upper layers.',
    ),
  },
  {
    files: ['src-main/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([...nodeBuiltins, 'electron', '**/node/**', '**/electron/**', '**/hosts/**', '**/app', 'react*'], 'core/ depends on common/ and the ports it declares only.'),
  },
  {
    files: ['src-main/node/**/*.ts'],
    rules: restrict(['electron', '**/electron/**', '**/hosts/**', '**/app'], 'node/ adapters may not reach Electron or the hosts.'),
  },
  {
    files: ['src-main/hosts/**/*.ts'],
    rules: restrict(['electron', '**/electron/**'], 'hosts/ run without Electron.'),
  },
  {
    files: ['src-main/electron/**/*.ts'],
    rules: restrict(['**/hosts/**'], 'electron/ does not import the other hosts.'),
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}', 'src-preload/**/*.ts'],
    rules: restrict(
      ['**/src-main/core/**', '**/src-main/node/**', '**/src-main/electron/**', '**/src-main/hosts/**', '**/src-main/app', 'node:*'],
      'renderer and preload see src-main/common only.',
    ),
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/hosts/cli/**'],
    rules: { 'no-console': 'error' },
  },
);
