import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import noFolderCycles from './scripts/eslint/no-folder-cycles.js';

const server = (...paths) => paths.map((p) => `src/server/${p}`);
const engines = server(
  'campaigns',
  'discovery',
  'outreach',
  'monitoring',
  'net',
  'inbox',
  'mail',
  'webhooks',
  'placements',
  'reports',
  'sso',
  'storage',
);
const infrastructure = server(
  'db',
  'http',
  'events',
  'auth',
  'ai',
  'config.ts',
  'secrets.ts',
  'keys.ts',
  'alert-mail.ts',
);
const above = (message, ...from) => ({ from, message });
/** The web's feature folders, each a layer of its own that no other feature imports. */
const webFeatures = readdirSync(new URL('src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Lint rules, plus the architecture's one-way imports (docs/architecture.md): shared ← server,
 * shared ← web; inside the server infrastructure ← engines ← modules and job handlers ← app; no
 * import circles anywhere, between files (import-x/no-cycle) or between folders at any level
 * (layers/no-folder-cycles, scripts/eslint/no-folder-cycles.js).
 */
export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
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
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'web must not import server code' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'server must not import web code' }] },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'shared imports neither server nor web' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layers: { rules: { 'no-folder-cycles': noFolderCycles } } },
    // No known circles (docs/decisions/027-folder-layers.md, 029-mail-layer.md): any circle fails.
    rules: { 'layers/no-folder-cycles': 'error' },
  },
  {
    // The web's floors (docs/architecture.md, docs/decisions/030-web-layers-and-aliases.md): app (routes)
    // and islands > features > widgets > data > components, lib; a feature imports no other feature.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/web/components', './src/web/lib'],
              from: [
                './src/web/features',
                './src/web/islands',
                './src/web/app',
                './src/web/widgets',
                './src/web/data',
              ],
              message:
                'components and lib sit below the features and islands: a layout takes a feature as a slot',
            },
            {
              target: './src/web/data',
              from: ['./src/web/features', './src/web/islands', './src/web/app', './src/web/widgets'],
              message: 'data hooks sit below the features and widgets that share them',
            },
            {
              target: './src/web/widgets',
              from: ['./src/web/features', './src/web/islands', './src/web/app'],
              message: 'widgets sit below the features that show them: pass a feature in as a slot',
            },
            {
              target: './src/web/features',
              from: ['./src/web/app', './src/web/islands'],
              message:
                'features never import the app or the islands: route modules and islands compose features',
            },
            {
              target: './src/web/features/*/api/**',
              from: './src/web/features/*/components/**',
              message: "a feature's api/ sits below its components/: queries draw nothing",
            },
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
              message:
                "a feature imports no other feature: shared hooks go to data/, shared UI to widgets/, and pages take other features' panels from the route module (app/)",
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: engines,
              ...above(
                'engines import neither modules, job handlers nor the app',
                ...server('modules', 'ssr', 'app.ts', 'main.ts', 'cli.ts'),
              ),
            },
            {
              target: engines,
              from: server('jobs'),
              except: ['./definitions.ts'],
              message: 'engines queue work through jobs/definitions.ts, never a handler',
            },
            {
              target: server('modules'),
              from: server('jobs'),
              except: ['./definitions.ts'],
              message: 'modules queue work through jobs/definitions.ts, never a handler',
            },
            {
              target: server('net'),
              ...above(
                'net/ sits below the engines',
                ...server('discovery', 'outreach', 'monitoring', 'mail'),
              ),
            },
            {
              target: server('mail'),
              ...above('mail sits below the inbox and outreach that use it', ...server('inbox', 'outreach')),
            },
            {
              target: server('inbox'),
              ...above(
                'the inbox never imports outreach: outreach hands its inbound effects over (mail/inbound-effects.ts)',
                ...server('outreach'),
              ),
            },
            {
              target: server('outreach'),
              ...above('outreach never imports the inbox: both use mail/', ...server('inbox')),
            },
            {
              target: server('discovery'),
              ...above('discovery sits below outreach and monitoring', ...server('outreach', 'monitoring')),
            },
            {
              target: server('webhooks'),
              ...above(
                'webhooks sits below the engines that emit its events',
                ...server('discovery', 'outreach', 'monitoring', 'inbox', 'mail'),
              ),
            },
            {
              target: server('campaigns'),
              ...above(
                'campaigns/ owns the campaign row below the engines that change it',
                ...server('discovery', 'outreach', 'monitoring', 'inbox', 'mail', 'webhooks'),
              ),
            },
            {
              // The three outputs of an event are written only by emit (docs/decisions/028-one-event-list.md).
              target: [
                ...engines,
                ...infrastructure.filter((p) => !p.endsWith('/events')),
                ...server('modules', 'jobs', 'ssr', 'app.ts', 'main.ts', 'cli.ts'),
              ],
              from: server('events/publish.ts', 'events/activity-entry.ts', 'events/webhook-outbox.ts'),
              message:
                'report a change with emit(tx, event) from events/emit.ts, never by writing its outputs by hand',
            },
            {
              target: infrastructure,
              ...above(
                'infrastructure imports no engine, module, job or the app',
                ...engines,
                ...server('modules', 'jobs', 'ssr', 'app.ts', 'main.ts', 'cli.ts'),
              ),
            },
          ],
        },
      ],
    },
  },
);
