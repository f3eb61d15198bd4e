import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { tableOwnersPlugin } from './scripts/eslint/table-owners.js';

/**
 * Boundaries (docs/architecture.md "Boundaries"), checked on every lint:
 * packages never import server or web; server lib/ and db/ never import features/; a server
 * feature imports another only through its public module (index.ts); web lib/ never imports
 * components/; web features never import each other; no import cycles anywhere.
 * scripts/test/lint-boundaries.test.ts plants each violation in a copy and sees lint fail.
 */
const restrict = (...patterns) => ['error', { patterns }];
/** From a web feature file `depth` folders below features/: an import through features/ into another. */
const siblingFeature = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\./)`,
  message: 'No cross-feature imports; move shared code to components/ or lib/.',
});
const packagesStayPure = {
  group: [
    '**/server/**',
    '**/web/**',
    '@kwarta/server',
    '@kwarta/server/**',
    '@kwarta/web',
    '@kwarta/web/**',
  ],
  message: 'packages/ never import server or web: they are what both sides build on.',
};
const sharedNeverFeatures = {
  group: ['**/features/**'],
  message: 'lib/ and db/ are shared layers: they never import features (features import them).',
};
// `../<feature>/<file>` where <file> is not index.ts (a regex: glob negation cannot say it).
const otherFeatureThroughIndex = (up) => ({
  regex: `^${up.replaceAll('.', '\\.')}[^./][^/]*/(?!index\\.ts$)`,
  message: 'Import another feature only through its public module (../<feature>/index.ts).',
});
const featuresThroughIndex = {
  regex: '(^|/)features/[^/]+/(?!index\\.ts$)',
  message: 'Import a feature only through its public module (features/<feature>/index.ts).',
};

const dbIsTheBottom = {
  group: ['**/lib/**', '../config.ts', '../../config.ts'],
  message: 'db/ is the bottom layer of the server: lib/ builds on it, never the other way round.',
};
const apiErrorOnlyAtEdge = {
  group: ['**/lib/api-error.ts'],
  message:
    'ApiError belongs to the HTTP edge (routes, caller kinds, plugins); a use case throws a Refusal (lib/refusal.ts).',
};
/** Files that answer HTTP themselves: the only ones that may use ApiError. */
const httpEdge = {
  features: [
    'server/src/features/*/*-routes.ts',
    'server/src/features/*/*-caller.ts',
    'server/src/features/pages/*.ts',
  ],
  lib: ['server/src/lib/api-error.ts', 'server/src/lib/callers.ts', 'server/src/lib/contract-route.ts'],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Migrations are frozen against the schema of their day, not today's types (Kysely's advice).
    files: ['server/src/db/migrations/**', 'server/src/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Only a table's owner writes it or reads it as a query's main table (scripts/eslint/table-owners.js).
    // The seed writes demo rows of every table; migrations shape them.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/seed.ts', 'server/src/db/migrations/**', 'server/src/db/migrate.ts'],
    plugins: { kwarta: tableOwnersPlugin },
    rules: { 'kwarta/table-owner': 'error' },
  },
  { files: ['packages/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(packagesStayPure) } },
  {
    files: ['server/src/lib/**/*.ts', 'server/src/db/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(sharedNeverFeatures, apiErrorOnlyAtEdge) },
  },
  { files: httpEdge.lib, rules: { 'no-restricted-imports': restrict(sharedNeverFeatures) } },
  {
    files: ['server/src/db/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(sharedNeverFeatures, dbIsTheBottom, apiErrorOnlyAtEdge) },
  },
  {
    files: ['server/src/features/*/*.ts'],
    rules: { 'no-restricted-imports': restrict(otherFeatureThroughIndex('../'), apiErrorOnlyAtEdge) },
  },
  { files: httpEdge.features, rules: { 'no-restricted-imports': restrict(otherFeatureThroughIndex('../')) } },
  {
    files: ['server/src/features/*/*/*.ts'],
    rules: { 'no-restricted-imports': restrict(otherFeatureThroughIndex('../../'), apiErrorOnlyAtEdge) },
  },
  {
    files: ['server/src/*.ts', 'server/src/{cli,jobs}/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(featuresThroughIndex, apiErrorOnlyAtEdge) },
  },
  {
    files: ['server/src/plugins/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(featuresThroughIndex) },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other: shared code lives in components/ or lib/ (bulletproof-react).
      'no-restricted-imports': restrict({
        group: ['../../features/*', '../features/*/*'],
        message: 'No cross-feature imports; move shared code to components/ or lib/.',
      }),
    },
  },
  // Inside a feature, a relative path that climbs to features/ and down again is another feature.
  {
    files: ['web/src/features/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(siblingFeature(1)) },
  },
  {
    files: ['web/src/features/*/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(siblingFeature(2)) },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict({
        group: ['**/components/**', '**/features/**', '**/app/**'],
        message: 'web lib/ is the bottom layer: it never imports components, features or app.',
      }),
    },
  },
  {
    // app/ is the top layer (shared → features → app): its entries and routes compose features.
    files: ['web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
