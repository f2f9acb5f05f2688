import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import eslintConfigPrettier from 'eslint-config-prettier/flat';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The server's modules: each folder of apps/server/src/modules (payments holds both providers). */
const SERVER_MODULES = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Two or more leading ../ segments (written with \x2F because a selector's regex may not contain a slash).
const DEEP_RELATIVE = String.raw`/^(\.\.\x2F){2}/`;
const WEB_FEATURES = ['catalog', 'cart', 'checkout', 'payments', 'identity', 'account', 'content', 'visualizer', 'layout'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] },
        node: true,
      },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import/no-cycle': 'error',
      'import/no-self-import': 'error',
      'import/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Inside an app, reach past the parent folder with a subpath import (#server/…, #web/…; see the apps'
    // package.json `imports` and docs/decisions/0023), never a ../../ chain. Written as selectors rather than
    // no-restricted-imports so dynamic import(), lazy(() => import()) and vi.mock paths are held too.
    files: ['apps/*/**/*.{ts,tsx,mts,js,mjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDeclaration > Literal.source',
          'ExportNamedDeclaration > Literal.source',
          'ExportAllDeclaration > Literal.source',
          'ImportExpression > Literal.source',
          "CallExpression[callee.object.name='vi'] > Literal.arguments:first-child",
        ].map((selector) => ({
          selector: `${selector}[value=${DEEP_RELATIVE}]`,
          message: 'Import from further than one folder up with #server/… or #web/… (the app’s package.json imports), not ../../.',
        })),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; routes (src/app) compose them.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features must not import each other; compose them in src/app.',
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features must not import from the app layer.' },
            // Shared folders serve every feature, so none of them may lean on one.
            ...['components', 'lib', 'types'].map((shared) => ({
              target: `./apps/web/src/${shared}`,
              from: './apps/web/src/features',
              message: 'Shared code must not depend on features.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      // A module's repository is the only code that touches its tables: another module asks
      // that module's service (handed to it by app.ts), never its repository.
      'import/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: SERVER_MODULES.map((module) => ({
            target: `./apps/server/src/modules/${module}/**/*`,
            from: SERVER_MODULES.filter((other) => other !== module).map((other) => `./apps/server/src/modules/${other}/**/*.repository.ts`),
            message: `Only the module that owns a repository imports it; use that module's service, wired in app.ts.`,
          })),
        },
      ],
    },
  },
  {
    // The sandbox payment provider's browser scripts (served to shoppers, not run by Node).
    files: ['apps/server/src/modules/payments/sandbox/browser/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'fastify', message: 'Services and repositories must not depend on HTTP types.' }] }],
    },
  },
  // Last: switches off the stylistic rules that would fight Prettier (`npm run lint` runs `prettier --check`).
  eslintConfigPrettier,
);
