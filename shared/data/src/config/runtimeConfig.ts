/**
 * Runtime configuration, built by the server from environment variables at start (shared/README.md,
 * "Runtime configuration"). The server inlines it into the shell's HTML as JSON so the first render
 * needs no extra round trip; anything else (a remote's standalone host) fetches /config.json.
 */
export type BountySourceName = 'api' | 'firestore';

export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  appId: string;
  /** host:port of a Firestore emulator, for tests and local work. */
  emulatorHost: string;
}

export interface MarketingFormSettings {
  portalId: string;
  signupFormId: string;
  contactFormId: string;
  /** The provider's EU-region host that serves the embed scripts. */
  scriptHost: string;
}

/** A remote a tester runs on a chosen release in their own browser (`?release=name@version`). */
export interface ReleaseOverride {
  name: string;
  /** The section's name as the navigation shows it. */
  label: string;
  version: string;
}

export interface RuntimeConfig {
  remotes: Record<string, string>;
  bountySource: BountySourceName;
  firebase: FirebaseSettings | null;
  marketingForms: MarketingFormSettings;
  /** The site's public origin (PUBLIC_URL, else the request's), for canonical and preview URLs. */
  publicUrl?: string;
  /** Where the api source finds /api: the same origin in the browser, the server itself when rendering. */
  apiBase?: string;
  /** Releases a tester chose for this browser (`?release=name@version`): the shell shows a banner. */
  releaseOverrides?: ReleaseOverride[];
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'sq-runtime-config';

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** The configuration the app started with. Throws if read before loadRuntimeConfig resolved. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration has not been loaded yet.');
  return current;
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (current) return current;
  const inline = typeof document !== 'undefined' ? document.getElementById(RUNTIME_CONFIG_ELEMENT_ID) : null;
  if (inline?.textContent) {
    current = JSON.parse(inline.textContent) as RuntimeConfig;
    return current;
  }
  const response = await fetch('/config.json', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status}: could not load /config.json`);
  current = (await response.json()) as RuntimeConfig;
  return current;
}
