import type { PublicTestSetup } from '../lifecycle';

// A test-scored bounty's setup for tests of any package (`@side-quest/data/testing`, issue 56).

/** The public part of a Node 20 test setup, as the entrant's panel and the team's console receive it. */
export const PUBLIC_TEST_SETUP: Readonly<PublicTestSetup> = {
  kind: 'tests',
  runtime: 'node20',
  command:
    'node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=results.xml tests/',
  resultsPath: 'results.xml',
  wallSeconds: 120,
  memoryMiB: 1024,
  dailyEntries: 5,
  finalEntries: 2,
  publicTests: { name: 'public-tests.zip', size: 3072, count: 3 },
  hasDependencies: false,
  licence: 'MIT',
};
