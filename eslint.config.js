import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The main thread never loads three or MediaPipe at run time: that work belongs in workers/. */
const mainThreadImports = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['three', 'three/*', '@mediapipe/*'],
          allowTypeImports: true,
          message: 'three and MediaPipe run in the worker (workers/), not on the main thread.',
        },
        {
          group: ['**/workers/*', '!**/workers/try-on.worker'],
          allowTypeImports: true,
          message: 'The main thread reaches the worker only through src/engine/try-on-engine.ts.',
        },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-bench',
      'node_modules',
      'public',
      'bench/results',
      '.cache',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...mainThreadImports },
  },
  {
    // The worker's owner, and the page fallback: the one chunk that runs the worker's code on the
    // page, loaded only where a worker cannot draw (README "Browser engines").
    files: ['src/engine/try-on-engine.ts', 'src/engine/page/page-engine.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: globals.worker },
  },
  {
    files: [
      'scripts/**/*.mjs',
      'tests/**/*.{ts,mjs}',
      'bench/**/*.{ts,mjs}',
      '*.config.{js,ts}',
      '.ci/*',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
);
