import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** The server's layers and what each may not import at run time (see the layer zones below). */
export const layerZones = [
  {
    files: ['server/src/presenters/**/*.ts'],
    layers: ['db', 'commands', 'jobs', 'routes'],
    message: 'Presenters shape what leaves the server from what they are given: no database reads, commands or jobs.',
  },
  {
    files: ['server/src/policies/**/*.ts'],
    layers: ['commands', 'integrations', 'jobs', 'routes'],
    message: 'Policies find and authorise; they change nothing and call no service.',
  },
  {
    files: ['server/src/db/**/*.ts'],
    layers: ['commands', 'integrations', 'jobs', 'routes', 'presenters'],
    message: 'The database layer is the bottom one: it imports no layer above it.',
  },
  {
    files: ['server/src/integrations/**/*.ts'],
    layers: ['commands', 'jobs', 'routes'],
    message: 'integrations/ holds adapters to outside services: no commands, jobs or HTTP entry points.',
  },
  {
    files: ['server/src/commands/**/*.ts', 'server/src/jobs/**/*.ts'],
    layers: ['routes'],
    message: 'Only routes are HTTP: commands, integrations and jobs never import them.',
  },
  {
    files: ['shared/src/**/*.ts'],
    layers: ['server', 'web', 'standalone'],
    message: 'shared/ runs everywhere: it imports neither the server nor a front end.',
  },
];

/**
 * Route files parse, authorise, call a command or a query, and present: a write (a database insert, update,
 * delete or raw statement, a stored file deleted) is a command's, which also emits its side effects.
 */
export const routeWrites = {
  files: ['server/src/routes/**/*.ts'],
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(insert|update|delete|execute)$/]",
  message: 'Routes do not write: call a command in server/src/commands/ (it writes and emits its own side effects).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tsbuild/**',
      '.tools/**',
      'data/**',
      'test-results/**',
      // Written by the Shopify CLI when it builds a UI extension (each module's `shopify` global).
      'extensions/*/shopify.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycles: a module's dependencies load before it, and layers stay layers.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Layer zones (issue 37; docs/architecture.md, "The request path"): what each layer of the server may import at
  // run time. Types may cross (a presenter names a row's type); tests may import anything.
  // layerZones.test.ts proves each zone bites.
  ...layerZones.map(({ files, layers, message }) => ({
    files,
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: layers.map((layer) => `**/${layer}/**`), message, allowTypeImports: true }] },
      ],
    },
  })),
  {
    files: routeWrites.files,
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: { 'no-restricted-syntax': ['error', { selector: routeWrites.selector, message: routeWrites.message }] },
  },
  {
    // Polaris' useBreakpoints starts from all-false defaults (for server rendering): a phone drew the desktop layout first.
    files: ['web/src/admin/**/*.{ts,tsx}', 'web/src/embedded/**/*.{ts,tsx}', 'standalone/src/**/*.{ts,tsx}'],
    ignores: ['web/src/admin/useBreakpoints.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shopify/polaris',
              importNames: ['useBreakpoints'],
              message: 'Use web/src/admin/useBreakpoints.ts: right from the first render (decision 077).',
            },
          ],
        },
      ],
    },
  },
  {
    // The player and the widgets are small public bundles: nothing of the admin goes into them.
    files: ['web/src/player/**/*.{ts,tsx}', 'web/src/widgets/**/*.{ts,tsx}', 'web/src/public/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/admin/**', '**/admin'],
              message: 'The public bundles do not import the admin: share through shared/ or web/src/public/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'standalone/src/**/*.{ts,tsx}', 'extensions/*/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Test helpers deal in loosely typed JSON responses.
    files: ['**/*.test.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
