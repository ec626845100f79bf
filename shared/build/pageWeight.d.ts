import type { Page } from 'playwright-core';

export interface ScriptWeight {
  url: string;
  gzipBytes: number;
  depth: number;
  markers: string[];
}

export interface RouteWeight {
  url: string;
  scriptRequests: number;
  jsGzipBytes: number;
  sequentialRoundTrips: number;
  scripts: ScriptWeight[];
  requests: { url: string; type: string; depth: number }[];
}

export function measureRoute(
  page: Page,
  url: string,
  options?: { settle?: (page: Page) => Promise<void>; markers?: Record<string, RegExp> },
): Promise<RouteWeight>;
export function gzipSize(buffer: Buffer): number;
export const PHONE_VIEWPORT: { width: number; height: number };
