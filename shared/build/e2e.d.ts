import type { BrowserContext } from 'playwright-core';

export interface RunningSite {
  baseUrl: string;
  port: number;
  /** The server process, for measurements (its resident memory). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

export function startSite(options?: { env?: Record<string, string>; dataDir?: string }): Promise<RunningSite>;
export function startHangingServer(): Promise<{ url: string; stop: () => Promise<void> }>;
export function deadPort(): Promise<number>;
export function launchBrowser(options?: {
  viewport?: { width: number; height: number };
  contextOptions?: Record<string, unknown>;
}): Promise<BrowserContext & { cleanup: () => Promise<void> }>;
export function startStackReference(): Promise<{ url: string; pid: number; stop: () => Promise<void> }>;
export const root: string;

export interface ComposedSite {
  site: RunningSite;
  browser: BrowserContext & { cleanup: () => Promise<void> };
}

export function useComposedSite(options?: {
  env?: Record<string, string>;
  dataDir?: string;
  browser?: Parameters<typeof launchBrowser>[0];
}): ComposedSite;
export function mainHeading(page: import('playwright-core').Page): Promise<string>;
export function mainHeadingAfterNavigation(
  page: import('playwright-core').Page,
  expected: string,
): Promise<string>;
export function waitForInteractive(page: import('playwright-core').Page): Promise<void>;
export function overflowsViewport(page: import('playwright-core').Page): Promise<boolean>;
