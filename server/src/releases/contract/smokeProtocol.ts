// What the contract check asks of a release process (server/src/render/releaseProcess.ts) to smoke-test
// a release, and what it answers.

/** One page module to smoke-test: the shell renders it for this route. */
export interface SmokeSection {
  /** './CompassPage' */
  module: `./${string}`;
  /** The route's path pattern ('/bounty/:id'). */
  routePath: string;
}

/** The smoke test of a release: every section the shell uses from it. */
export interface SmokeJob {
  name: string;
  releaseDir: string;
  sections: SmokeSection[];
  /** Each section's load, prefetch and render together must finish within this. */
  budgetMs: number;
}

/** One section's smoke test, as the release process runs it. */
export interface SmokeSectionJob {
  name: string;
  section: SmokeSection;
  budgetMs: number;
}

/** A section's outcome: the URL it was rendered at, the length of its markup, or what is wrong. */
export interface SmokeResult {
  path: string;
  html: number;
  problem?: string;
}
