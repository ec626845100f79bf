import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * AUTH_SECRET when set (every instance of a scaled-out site must share it); otherwise a random secret kept
 * in DATA_DIR/auth-secret (mode 0600), made on first start, so sessions survive a restart of one machine.
 * Never generated for a shared database (databaseUrl): each instance would make its own and reject the
 * others' sessions; readServerConfig refuses that start, and this refuses a config built without it.
 */
export function authSecret(
  configured: string | null,
  dataDir: string,
  databaseUrl: string | null = null,
): { secret: string; generated: boolean } {
  if (configured) return { secret: configured, generated: false };
  if (databaseUrl) throw new Error('AUTH_SECRET must be set when DATABASE_URL is (instances share sessions)');
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return { secret: fs.readFileSync(file, 'utf8').trim(), generated: true };
}
