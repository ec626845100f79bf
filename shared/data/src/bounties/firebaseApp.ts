import { getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import type { FirebaseSettings } from '../config/runtimeConfig';

/**
 * The Firebase app for the runtime config's settings. Named after the project and emulator so that
 * a page (or a test) with other settings gets its own app instead of silently reusing the first one.
 * Only reached through dynamic import(), so firebase/app stays out of the default bundle.
 */
export function firebaseApp(settings: FirebaseSettings): FirebaseApp {
  const name = `side-quest:${settings.projectId}:${settings.emulatorHost}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return existing;
  const options: Record<string, string> = { projectId: settings.projectId };
  if (settings.apiKey) options.apiKey = settings.apiKey;
  if (settings.authDomain) options.authDomain = settings.authDomain;
  if (settings.storageBucket) options.storageBucket = settings.storageBucket;
  if (settings.appId) options.appId = settings.appId;
  return initializeApp(options, name);
}

/** "host:port" (also "[::1]:8080") split for the SDKs' emulator-connection functions. */
export function splitHostPort(hostPort: string): { host: string; port: number } {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:/\s[\]]+)):(\d{1,5})$/.exec(hostPort.trim());
  const host = match?.[1] ?? match?.[2];
  const port = match ? Number(match[3]) : NaN;
  if (!host || !(port >= 1 && port <= 65535)) {
    throw new Error(`Emulator host must look like "host:port", got "${hostPort}".`);
  }
  return { host, port };
}
