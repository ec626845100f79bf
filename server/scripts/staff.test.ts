import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import request from 'supertest';
import { postgresForThisFile } from '../src/testing/testPostgres';
import { startTestSite, type TestSite } from '../src/testing/testAccounts';

// `npm run staff` on a shared database needs only DATABASE_URL: it signs nothing, so no AUTH_SECRET.
const postgres = postgresForThisFile('staff_command');

/** Runs the staff command as an operator would, with this environment only (no AUTH_SECRET). */
function staffCommand(args: string[], env: Record<string, string>) {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.AUTH_SECRET;
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  return spawnSync(process.execPath, ['--import', tsx, path.join(__dirname, 'staff.ts'), ...args], {
    env: { ...inherited, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

(postgres.available ? describe : describe.skip)('npm run staff on PostgreSQL', () => {
  let site: TestSite;
  let DATABASE_URL: string;
  beforeAll(async () => {
    DATABASE_URL = await postgres.database();
    site = await startTestSite({ DATABASE_URL });
  }, 60_000);
  afterAll(() => site.close());

  it('grants staff with DATABASE_URL and no AUTH_SECRET, and writes nothing to DATA_DIR', async () => {
    const cookie = await site.signIn('operator.staff@example.com');
    const viewer = () =>
      request(site.app).get('/api/viewer').set('Host', '127.0.0.1').set('Cookie', cookie).expect(200);
    expect((await viewer()).body).toMatchObject({ role: 'talent' });

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-staff-command-'));
    const granted = staffCommand(['grant', 'operator.staff@example.com'], {
      DATABASE_URL,
      DATA_DIR: dataDir,
    });
    expect({ status: granted.status, stderr: granted.stderr }).toEqual({ status: 0, stderr: '' });
    expect(granted.stdout).toContain('Staff role granted.');
    expect((await viewer()).body).toMatchObject({ role: 'staff' });
    // No session secret was generated or stored for it.
    expect(fs.readdirSync(dataDir)).not.toContain('auth-secret');

    const unknown = staffCommand(['grant', 'nobody@example.com'], { DATABASE_URL, DATA_DIR: dataDir });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account has that address');
  }, 120_000);
});
