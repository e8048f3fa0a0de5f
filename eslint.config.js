// ESLint flat config. The layer rules of ../shared/ARCHITECTURE.md are enforced here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import { fileURLToPath } from 'node:url';

// ---------------------------------------------------------------------------------------------
// Layers (ARCHITECTURE.md, "Layers and folders"). eslint-plugin-boundaries resolves every import,
// export-from and dynamic import to a file (scripts/eslint-resolver.cjs knows the '@/' alias), so a
// relative '../effects/x' is judged exactly as '@/effects/x' is. Anything not allowed below is
// refused, our files outside the layers included.

const LAYERS = {
  domain: 'src/domain',
  machines: 'src/machines',
  effects: 'src/effects',
  persistence: 'src/persistence',
  // The state-chart page draws the live machine definitions, so it may import the registry.
  statecharts: 'src/views/statecharts',
  views: 'src/views',
  // View bindings: the hooks and contexts views use, and the feature actors (src/bindings/actors:
  // lazy actor definitions and their effect wiring, loaded with the views that use them).
  bindings: 'src/bindings',
  // The composition root: entries, app root, routes and their loaders, the core actors' wiring.
  app: 'src/app',
  server: 'server',
};

/** The bindings a view may use: its hooks, context providers, the HTML sanitizer and the on-demand loaders. */
const BINDINGS_FOR_VIEWS = [
  'src/bindings/hooks.ts',
  'src/bindings/*-hooks.ts',
  'src/bindings/*-context.tsx',
  'src/bindings/after-paint.ts',
  'src/bindings/html-sanitizer.ts',
  // How a view loads what it shows only later: a module on demand, an island woken on intent.
  'src/bindings/deferred.ts',
  'src/bindings/use-deferred.ts',
  'src/bindings/island.tsx',
  // Leaflet and its stylesheet, loaded on demand where a map is drawn.
  'src/bindings/leaflet.ts',
];

/** Pure machines the server runs itself (a behaviour decided on the server, drawn on /statecharts like the others). */
const MACHINES_FOR_SERVER = [
  // The sync status of an imported calendar feed (server/calendar/feed-status.ts).
  'src/machines/calendar-feed-machine.ts',
  // Cancelling a booking on the owner's bookings page (server/admin/cancel-flow.ts).
  'src/machines/booking-cancel-machine.ts',
];

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const type = (...types) => ({ dependency: { kind: 'type' }, ...to(...types) });
/** A layer's policy: everything local is refused with the layer's message, then what it may import is allowed. */
const policy = (from, allow, message) => [
  { from: { element: { type: from } }, disallow: { to: { origin: 'local' } }, message },
  { from: { element: { type: from } }, allow },
];

const LAYER_POLICIES = [
  policy('domain', [to('domain')], 'The domain layer imports nothing of ours: pure types and functions only.'),
  policy('machines', [to('domain', 'machines')], 'Machines are pure: they may import the domain only; I/O belongs to effects.'),
  policy('effects', [to('domain', 'effects'), type('machines')], 'Effects may import the domain and machine types only.'),
  policy('persistence', [to('domain', 'persistence'), type('machines')], 'Persistence may import the domain and machine types only.'),
  policy(
    'views',
    [to('domain', 'views', 'statecharts'), type('machines', 'bindings'), { to: { element: { type: 'bindings' }, file: { categories: 'bindings-for-views' } } }],
    'Views import the domain, machine types and the view bindings (src/bindings hooks and contexts); never effects, persistence or the composition root (src/app): they send events to machines through hooks.',
  ),
  policy(
    'statecharts',
    [to('domain', 'views', 'statecharts', 'machines'), type('bindings'), { to: { element: { type: 'bindings' }, file: { categories: 'bindings-for-views' } } }],
    'The state-chart page may import the domain, the machines, views and view bindings only.',
  ),
  policy(
    'bindings',
    [to('domain', 'machines', 'effects', 'persistence', 'bindings')],
    'View bindings sit below the views and the composition root: they import the domain, machines, effects, persistence and each other; never a view or src/app.',
  ),
  policy('app', [to('domain', 'machines', 'effects', 'persistence', 'bindings', 'views', 'statecharts', 'app')], 'The app imports everything in src, and nothing else of ours.'),
  policy(
    'server',
    [to('server', 'domain'), type('app'), { to: { element: { type: 'machines' }, file: { categories: 'machines-for-server' } } }],
    'The server imports its own modules and src/domain only (and the pure machines it runs itself, MACHINES_FOR_SERVER); pages come through the renderer.',
  ),
];

/** Packages a layer may not import (our own files are covered by the layer policies above). */
const packages = (names, message) => ({ '@typescript-eslint/no-restricted-imports': ['error', { paths: names.map((name) => ({ name, message })) }] });

// ---------------------------------------------------------------------------------------------
// Purity: machines and the domain never read the clock, chance or the browser. A time or a random
// number comes in through an event, input or a parameter from the composition root (src/app), a binding or
// an effect, so every machine can be walked and every domain function gives one answer.

const IMPURE_GLOBALS = ['window', 'document', 'navigator', 'location', 'globalThis', 'self', 'performance', 'crypto', 'fetch', 'XMLHttpRequest', 'localStorage', 'sessionStorage', 'indexedDB', 'setTimeout', 'setInterval', 'requestAnimationFrame'];
const IMPURE_PROPERTIES = [
  { object: 'Date', property: 'now', message: 'Pure code does not read the clock: take `now` as an event field, input or parameter.' },
  { object: 'Math', property: 'random', message: 'Pure code does not draw random numbers: take a seed or a random source as input or a parameter.' },
];
const CLOCK_SYNTAX = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Pure code does not read the clock (`new Date()`): take `now` as an event field, input or parameter.' },
  { selector: "CallExpression[callee.name='Date']", message: 'Pure code does not read the clock (`Date()`): take `now` as an event field, input or parameter.' },
];
const pure = (extraSyntax = []) => ({
  'no-restricted-globals': ['error', ...IMPURE_GLOBALS.map((name) => ({ name, message: `Pure code does not use '${name}': the composition root (src/app) or an effect hands in what is needed.` }))],
  'no-restricted-properties': ['error', ...IMPURE_PROPERTIES],
  'no-restricted-syntax': ['error', ...CLOCK_SYNTAX, ...extraSyntax],
});

const TESTS = ['**/*.test.{ts,tsx}'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A }` keeps `import '…'` in the build: the module and its top-level work (valibot
      // schemas…) ride along in a page's script though only a type was wanted. `import type { A }` does not.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-console': 'off',
    },
  },
  {
    // CommonJS modules (the layer rules' import resolver is loaded by eslint-module-utils with require).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'model-tests/**', 'e2e/**', '*.config.{js,ts}', '.ci/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    // Tests, and the renderer the server tests share (it is the real app entry, as the built server's is).
    ignores: [...TESTS, 'server/test-renderer.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [fileURLToPath(new URL('./scripts/eslint-resolver.cjs', import.meta.url))]: {} },
      'boundaries/elements': Object.entries(LAYERS).map(([type, pattern]) => ({ type, pattern, partialMatch: false })),
      'boundaries/files': [
        { category: 'bindings-for-views', pattern: BINDINGS_FOR_VIEWS },
        { category: 'machines-for-server', pattern: MACHINES_FOR_SERVER },
      ],
      // Imports are classified by hand below, so that `import { type X }` (every name a type) counts as a type import.
      'boundaries/dependency-nodes': ['export', 'dynamic-import', 'require'],
      'boundaries/additional-dependency-nodes': [
        { selector: 'ImportDeclaration[importKind=type] > Literal', kind: 'type', name: 'import' },
        {
          selector: 'ImportDeclaration[importKind=value][specifiers.length>0]:not(:has(> ImportSpecifier[importKind=value])):not(:has(> ImportDefaultSpecifier)):not(:has(> ImportNamespaceSpecifier)) > Literal',
          kind: 'type',
          name: 'import',
        },
        {
          selector: 'ImportDeclaration[importKind=value]:matches([specifiers.length=0], :has(> ImportSpecifier[importKind=value]), :has(> ImportDefaultSpecifier), :has(> ImportNamespaceSpecifier)) > Literal',
          kind: 'value',
          name: 'import',
        },
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkUnknownLocals: true, policies: LAYER_POLICIES.flat() }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: TESTS,
    rules: {
      ...packages(['react', 'react-dom', 'xstate', 'rxjs', 'dompurify', 'jsdom'], 'The domain layer is pure types and functions: no framework, no I/O, no DOM.'),
      ...pure(),
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    ignores: TESTS,
    rules: {
      ...packages(['react', 'react-dom', '@xstate/react', 'rxjs', 'js-cookie', 'dompurify'], 'Machines are pure: they may import the domain only; I/O belongs to effects.'),
      ...pure([
        { selector: "Property[key.name='invoke']", message: 'Machines do not invoke: emit an effect request and take a result event, so xstate/graph can walk them.' },
        { selector: "Property[key.name='after']", message: "Machines do not use 'after': timers are effects." },
      ]),
    },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-globals': ['error', 'fetch', 'localStorage', 'sessionStorage', 'XMLHttpRequest'] },
  },
);
