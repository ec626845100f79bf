// Lint rules for every app. The boundary rules below enforce the one-way dependency flow (README,
// "Layout"): shared/* -> remotes and shell; a remote never imports another remote or the shell, the
// shell knows remotes only by name (through the Module Federation runtime), and packages meet only
// through each other's public API (their package.json `exports`), never through another's files.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { APPS } from '@side-quest/data/remotes';
import { noCycleIncludingTypes } from '@side-quest/build/eslint-no-cycle';

const apps = APPS;

const packageInternals = {
  group: [
    '@side-quest/*/src',
    '@side-quest/*/src/**',
    '**/shared/**',
    '**/data/src/**',
    '**/design/src/**',
    '**/build/*.cjs',
    '**/build/*.mjs',
  ],
  message:
    "Import another package through its public API (e.g. '@side-quest/data/forms', '@side-quest/build/e2e'), never its files.",
};

const serverRestriction = {
  group: ['**/server/**', '@side-quest/server'],
  message: 'Front-end code talks to the server over HTTP only.',
};

// React Router and TanStack Query reach every app through the shared packages that carry them
// (@side-quest/design's router, @side-quest/data/query): those are Module Federation singletons, so
// there is one copy of each library and of its React context on a page. A direct import would bundle
// a second copy into the app, whose components look for a context no page provides
// (docs/decisions.md, "React Router and TanStack Query inside the shared packages").
const libraryRestriction = {
  group: [
    'react-router',
    'react-router-dom',
    'react-router/*',
    'react-router-dom/*',
    '@tanstack/react-query',
    '@tanstack/query-core',
    '@tanstack/*-query*',
  ],
  message:
    "Import routing from '@side-quest/design' and queries from '@side-quest/data/query', never from react-router-dom or @tanstack/react-query: every page has one copy of each, inside those singletons.",
};

const sharedBottomLayer = {
  group: apps.flatMap((app) => [`**/${app}/**`, `@side-quest/${app}`]).concat(['**/server/**']),
  message: 'shared/* is the bottom layer: it never imports an app or the server.',
};

/** The modules that carry the libraries: the only places that import them. */
const libraryCarriers = [
  'shared/design/src/router/**',
  'shared/data/src/query/**',
  'shared/data/src/http/queryClient.ts',
  // The route table matches paths with React Router's matchPath.
  'shared/data/src/site/routeTable.ts',
];

function boundaryRule(app) {
  const others = apps.filter((other) => other !== app);
  return {
    files: [`${app}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: others.flatMap((other) => [
                `**/${other}/**`,
                `@side-quest/${other}`,
                `@side-quest/${other}/**`,
              ]),
              message:
                'Apps never import each other: share through shared/* and compose remotes at runtime by name.',
            },
            serverRestriction,
            libraryRestriction,
            packageInternals,
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.data/**',
      'bench-results/**',
      '.e2e-artifacts/**',
      '.e2e-redeploy/**',
      '.bench-redeploy/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.{cjs,js}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [sharedBottomLayer, libraryRestriction, packageInternals],
        },
      ],
    },
  },
  {
    // The carriers import the libraries themselves; the bottom-layer rule still holds for them.
    files: libraryCarriers,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [sharedBottomLayer, packageInternals],
        },
      ],
    },
  },
  ...apps.map(boundaryRule),
  {
    files: ['server/**/*.{ts,tsx}', '*.{js,cjs,mjs}', '**/*.{js,cjs,mjs}'],
    ignores: ['shared/build/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: apps.flatMap((app) => [`**/${app}/**`, `@side-quest/${app}`]),
              message: 'The server never imports an app: it loads remotes at runtime, by URL.',
            },
            libraryRestriction,
            packageInternals,
          ],
        },
      ],
    },
  },
  {
    // No import cycles: in a cycle one module runs before the other has defined its exports, and the
    // two can no longer be understood, tested or split apart on their own. Move what both need into a
    // third module. Type-only imports count too: erased at run time, they still tie the two modules
    // together (import-x's own no-cycle skips them, so the rule is ours: shared/build/eslint-no-cycle.mjs).
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    plugins: { 'side-quest': { rules: { 'no-cycle': noCycleIncludingTypes } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'] }),
      ],
    },
    rules: { 'side-quest/no-cycle': 'error' },
  },
);
