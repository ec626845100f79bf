// End-to-end tests: the composed production build in Debian's Chromium (npm run test:e2e, after build).
import { APPS } from '@side-quest/data/remotes';

const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
];

export default {
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: [`<rootDir>/{${[...APPS, 'server'].join(',')}}/e2e/**/*.e2e.ts`],
  // .mjs: the one list of remotes (@side-quest/data/remotes) is plain ESM JavaScript.
  transform: { '^.+\\.(tsx?|mjs)$': swc },
  testTimeout: 120000,
};
