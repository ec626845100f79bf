// What a release process (releaseProcessMain.ts) and the process that started it (releaseProcess.ts)
// tell each other over IPC (structured clone: the 'advanced' serialization).
import type { RuntimeConfig } from '@side-quest/data/config';
import type { SmokeResult, SmokeSectionJob } from '../releases/contract/smokeProtocol';
import type { PageOptions, RenderBudgets, RenderedPage } from './renderPage';

/** How a release process sets itself up, sent once, first. */
export interface ReleaseProcessSetup {
  /** The server manifests its own Module Federation instance registers, by remote name ('shell' included). */
  manifests: Record<string, string>;
  /** The pages' runtime configuration in that process (their data layer reads `apiBase`). */
  runtimeConfig: RuntimeConfig;
  /** Modules (`remote/Module`) loaded before the process says it is ready, each within `warmBudgetMs`. */
  warm: string[];
  warmBudgetMs: number;
  /** The budgets of each page it renders, as the server's own renders have them. */
  budgets: RenderBudgets;
  /** When set, no request of the process reaches beyond this origin (the contract check's fixtures). */
  confineTo?: string;
}

/** What the process is asked to do: render a page, or smoke-test one section (the contract check). */
export type ReleaseRequest =
  { type: 'render'; url: string; page: PageOptions } | { type: 'smoke'; job: SmokeSectionJob };

export type ReleaseReply =
  { type: 'render'; page: RenderedPage | null } | { type: 'smoke'; result: SmokeResult };

export type ToReleaseProcess =
  { type: 'setup'; setup: ReleaseProcessSetup } | { type: 'request'; id: number; request: ReleaseRequest };

export type FromReleaseProcess =
  | { type: 'ready' }
  | { type: 'reply'; id: number; reply: ReleaseReply }
  | { type: 'failed'; id: number; message: string }
  | { type: 'fatal'; message: string };
