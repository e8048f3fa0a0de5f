// ESLint flat config. The layer rules of ../shared/ARCHITECTURE.md are enforced here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ours = (...layers) => layers.flatMap((layer) => [`@/${layer}`, `@/${layer}/*`, `**/src/${layer}`, `**/src/${layer}/*`]);
const restrict = (rules) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: rules }],
});
const layer = (group, message, allowTypeImports = false) => ({ group, message, allowTypeImports });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
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
    files: ['src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      layer([...ours('machines', 'effects', 'persistence', 'views', 'app'), 'react', 'react-dom', 'xstate', 'rxjs'], 'The domain layer imports nothing of ours: pure types and functions only.'),
    ]),
  },
  {
    files: ['src/machines/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      ...restrict([
        layer([...ours('effects', 'persistence', 'views', 'app'), 'react', 'react-dom', '@xstate/react', 'rxjs', 'js-cookie', 'idb-keyval'], 'Machines are pure: they may import the domain only; I/O belongs to effects.'),
      ]),
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'sessionStorage', 'setTimeout', 'setInterval', 'XMLHttpRequest'],
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='invoke']", message: 'Machines do not invoke: emit an effect request and take a result event, so xstate/graph can walk them.' },
        { selector: "Property[key.name='after']", message: "Machines do not use 'after': timers are effects." },
      ],
    },
  },
  {
    files: ['src/effects/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      layer(ours('views', 'app', 'persistence'), 'Effects may import the domain and machine types only.'),
      layer(ours('machines'), 'Effects may import machine types only.', true),
    ]),
  },
  {
    files: ['src/persistence/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      layer(ours('views', 'app', 'effects'), 'Persistence may import the domain and machine types only.'),
      layer(ours('machines'), 'Persistence may import machine types only.', true),
    ]),
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/views/statecharts/**'],
    rules: {
      ...restrict([
        layer(ours('effects', 'persistence'), 'Views never import effects or persistence: send events to machines through app hooks.'),
        layer(ours('machines'), 'Views may import machine types only; they ask the machine through app hooks.', true),
      ]),
      'no-restricted-globals': ['error', 'fetch', 'localStorage', 'sessionStorage', 'XMLHttpRequest'],
    },
  },
  {
    // The state-chart page draws the live machine definitions, so it may import the registry.
    files: ['src/views/statecharts/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      ...restrict([layer(ours('effects', 'persistence'), 'Views never import effects or persistence.')]),
      'no-restricted-globals': ['error', 'fetch', 'localStorage', 'sessionStorage', 'XMLHttpRequest'],
    },
  },
  {
    files: ['server/**/*.ts'],
    // Tests, and the renderer they share (it is the real app entry, as the built server's is).
    ignores: ['**/*.test.ts', 'server/test-renderer.ts'],
    rules: restrict([
      layer(['**/src/machines', '**/src/machines/*', '**/src/effects/*', '**/src/persistence/*', '**/src/views/*'], 'The server imports its own modules and src/domain only.'),
      layer(['**/src/app/*'], 'The server imports the app entry types only; pages come through the renderer.', true),
    ]),
  },
);
