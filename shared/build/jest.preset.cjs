// The Jest setup every package shares: @swc/jest for TypeScript/JSX (TypeScript 7 has no compiler API
// for ts-jest), jsdom for components, and the ESM-only markdown tree transformed too.
const path = require('node:path');

const esmOnly = [
  'react-markdown',
  'remark-.*',
  'rehype-.*',
  'unified',
  'bail',
  'is-plain-obj',
  'trough',
  'vfile.*',
  'unist-.*',
  'mdast-.*',
  'hast-.*',
  'micromark.*',
  'decode-named-character-reference',
  'character-entities.*',
  'property-information',
  'space-separated-tokens',
  'comma-separated-tokens',
  'html-url-attributes',
  'devlop',
  'ccount',
  'escape-string-regexp',
  'markdown-table',
  'longest-streak',
  'zwitch',
  'trim-lines',
  'estree-util-.*',
  'style-to-js',
  'style-to-object',
  'inline-style-parser',
  'html-void-elements',
  'web-namespaces',
  'stringify-entities',
  // better-auth (server/src/accounts) and its ESM-only tree
  'better-auth',
  '@better-auth',
  'better-call',
  '@better-fetch',
  'jose',
  '@noble',
  'nanostores',
  'rou3',
  'defu',
  'uncrypto',
  '@simplewebauthn',
  'kysely',
  'zod',
];

/** @param {string} dir the package folder; @param {'jsdom'|'node'} environment */
function jestProject(dir, environment = 'jsdom', displayName = path.basename(dir)) {
  return {
    displayName,
    rootDir: dir,
    testEnvironment: environment,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/scripts/**/*.test.ts'],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2022',
            transform: { react: { runtime: 'automatic' } },
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
    moduleNameMapper: {
      '\\.(png|jpe?g|webp|svg|mp4|webm)$': path.join(__dirname, 'jest-file-stub.cjs'),
    },
    // Jest's 5 s default fails slow-but-correct tests on a busy machine; waits inside stay bounded.
    testTimeout: 30_000,
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'jest-setup-dom.cjs')] : [],
  };
}

module.exports = { jestProject };
