// What the contract check and its smoke-test process (smokeRunner.ts) tell each other.

/** One page module to smoke-test: the shell renders it for this route. */
export interface SmokeSection {
  /** './CompassPage' */
  module: `./${string}`;
  /** The route's path pattern ('/bounty/:id'). */
  routePath: string;
}

/** The job, passed to the process as its one argument (JSON). */
export interface SmokeJob {
  name: string;
  releaseDir: string;
  sections: SmokeSection[];
  /** Each section's load, prefetch and render together must finish within this. */
  budgetMs: number;
}

/** Messages from the smoke-test process, in this order: ready, then start and result per section. */
export type SmokeMessage =
  | { type: 'ready' }
  | { type: 'start'; module: string }
  | { type: 'result'; module: string; path: string; html: number; problem?: string }
  | { type: 'fatal'; message: string };
