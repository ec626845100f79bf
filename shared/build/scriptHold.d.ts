import type { Page } from 'playwright-core';

export const SCRIPT_HOLD_MS: number;
export function holdScripts(page: Page, ms?: number): Promise<void>;
export function isInteractive(page: Page): Promise<boolean>;
