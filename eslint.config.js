import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The main thread never loads three or MediaPipe at run time: that work belongs in workers/. */
const MAIN_THREAD_PATTERNS = [
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
];

/**
 * Layers point down: routes → features → components → catalogue/engine → storage/state → shared
 * (i18n and site-config beside shared). Each folder lists the folders above it, which it may not
 * import.
 */
const LAYERS = {
  shared: ['routes', 'features', 'components', 'catalogue', 'engine', 'storage', 'state', 'i18n'],
  i18n: ['routes', 'features', 'components', 'catalogue', 'engine', 'storage', 'state'],
  storage: ['routes', 'features', 'components', 'catalogue', 'engine', 'state'],
  state: ['routes', 'features', 'components', 'catalogue', 'engine', 'storage'],
  catalogue: ['routes', 'features', 'components'],
  engine: ['routes', 'features', 'components', 'catalogue'],
  components: ['routes', 'features'],
};

/**
 * src/features/ by feature (src/features/README.md): each lists the features it may import; the
 * others are refused, and so are the routes above them all.
 */
const FEATURES = {
  'true-size': [],
  lens: [],
  capture: [],
  embed: [],
  'own-glasses': [],
  grid: ['true-size', 'lens'],
  'shop-check': ['true-size'],
  'try-all': ['true-size', 'grid', 'capture'],
};

/**
 * workers/ rooms by feature (workers/README.md): each lists the rooms it may import; the others,
 * and the entry points above them (except for a type), are refused.
 */
const WORKER_ROOMS = {
  common: [],
  fit: ['common'],
  assets: ['common', 'fit'],
  measure: ['common', 'fit'],
  lens: ['common', 'fit'],
  render: ['common', 'fit', 'assets', 'measure', 'lens'],
  diagnostics: ['common', 'render'],
  tracking: ['common', 'fit', 'measure', 'render', 'diagnostics'],
  capture: ['common'],
  pipeline: [
    'common',
    'fit',
    'assets',
    'measure',
    'lens',
    'render',
    'diagnostics',
    'tracking',
    'capture',
  ],
};

/** Rooms a room may import types from, above it: the test hooks' drawing names what it draws. */
const WORKER_ROOM_TYPES = { diagnostics: ['tracking', 'pipeline'] };

const importRule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const mainThreadImports = importRule(MAIN_THREAD_PATTERNS);
/** A layer's refusal of the folders above it, at any depth under src/ (`../`, `../../`, …). */
const layerPattern = (layer) => ({
  group: LAYERS[layer].flatMap((dir) => [`../${dir}`, `**/../${dir}`, `**/../${dir}/*`]),
  message: `src/${layer}/ is below ${LAYERS[layer].join(', ')}: layers point down (src/README.md).`,
});
const layerConfigs = Object.keys(LAYERS).map((layer) => ({
  files: [`src/${layer}/**/*.{ts,tsx}`],
  rules: importRule([...MAIN_THREAD_PATTERNS, layerPattern(layer)]),
}));

/**
 * A feature's refusals: the routes, and every feature it does not list, however deep the file
 * sits; `feature` null stands for a file of src/features/ in no listed feature (all refused).
 */
const featurePatterns = (feature) => {
  const allowed = feature ? FEATURES[feature] : [];
  const refused = Object.keys(FEATURES).filter((f) => f !== feature && !allowed.includes(f));
  const where = feature
    ? `src/features/${feature}/`
    : 'A file of src/features/ in no FEATURES entry';
  return [
    {
      group: ['**/routes', '**/routes/*'],
      message: 'src/features/ is below routes: layers point down (src/README.md).',
    },
    {
      group: refused.flatMap((f) => [`./${f}/*`, `**/../${f}/*`, `**/features/${f}/*`]),
      message: `${where} may import ${allowed.join(', ') || 'no other feature'} (src/features/README.md).`,
    },
  ];
};
const featureConfigs = [
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: importRule([...MAIN_THREAD_PATTERNS, ...featurePatterns(null)]),
  },
  ...Object.keys(FEATURES).map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: importRule([...MAIN_THREAD_PATTERNS, ...featurePatterns(feature)]),
  })),
];

const SRC_SHARED_ONLY = (src) => ({
  group: [`${src}/*`, `!${src}/shared`],
  message: 'workers/ may import from src/ only src/shared/ (what crosses the boundary).',
});
const workerRoomConfigs = Object.entries(WORKER_ROOMS).map(([room, allowed]) => {
  const types = WORKER_ROOM_TYPES[room] ?? [];
  const refused = Object.keys(WORKER_ROOMS).filter(
    (r) => r !== room && !allowed.includes(r) && !types.includes(r),
  );
  const message = `workers/${room}/ may import ${allowed.join(', ') || 'no other room'} (workers/README.md).`;
  return {
    files: [`workers/${room}/**/*.ts`],
    rules: importRule([
      SRC_SHARED_ONLY('../../src'),
      ...(refused.length ? [{ group: refused.map((r) => `../${r}/*`), message }] : []),
      ...(types.length
        ? [{ group: types.map((r) => `../${r}/*`), allowTypeImports: true, message }]
        : []),
      {
        group: ['../*.worker', '../try-on-host'],
        allowTypeImports: true,
        message: 'The entry points sit above every room; a room may import only their types.',
      },
    ]),
  };
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-bench',
      'dist-prod',
      'dist-broken',
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
  ...layerConfigs,
  ...featureConfigs,
  // The worker's owner, and the page fallback: the one chunk that runs the worker's code on the
  // page, loaded only where a worker cannot draw (README "Browser engines"). The shop page's check
  // worker has its own owner. They may import the worker; their layer's rules still hold.
  {
    files: ['src/engine/try-on-engine.ts', 'src/engine/page/page-engine.ts'],
    rules: importRule([layerPattern('engine')]),
  },
  {
    files: ['src/features/shop-check/check-engine.ts'],
    rules: importRule(featurePatterns('shop-check')),
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: globals.worker },
    // The worker shares only src/shared/ with the page: the one module for what crosses over.
    rules: importRule([SRC_SHARED_ONLY('../src')]),
  },
  ...workerRoomConfigs,
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
