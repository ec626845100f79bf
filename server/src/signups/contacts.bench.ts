// Load run for POST /api/signups: autocannon on loopback against the real app, then a check that the
// database holds exactly the sign-ups that were answered 201 (each one fsynced before the answer).
//   node node_modules/.bin/tsx server/src/signups/contacts.bench.ts [requests] [connections]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { createApp } from '../app';
import { readServerConfig } from '../config/serverConfig';
import { CONTACTS_DB_FILE } from './contactStore';

const amount = Number(process.argv[2] ?? 5_000);
const connections = Number(process.argv[3] ?? 16);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-contacts-bench-'));
  const app = createApp(readServerConfig({ DATA_DIR: dataDir }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  let created = 0;
  let counter = 0;
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/api/signups`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      connections,
      amount,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ email: `visitor${(counter += 1)}@example.com`, source: 'signup' }),
          }),
          onResponse: (status) => void (status === 201 && created++),
        },
      ],
    });
    const db = new Database(path.join(dataDir, CONTACTS_DB_FILE), { readonly: true });
    const stored = (db.prepare('SELECT COUNT(*) AS n FROM signups').get() as { n: number }).n;
    db.close();
    console.log(`POST /api/signups, ${amount} requests over ${connections} connections (synchronous=FULL)`);
    console.log(`  throughput        ${result.requests.average.toFixed(0)} req/s`);
    console.log(`  latency p50/p99   ${result.latency.p50} ms / ${result.latency.p99} ms`);
    console.log(`  answered 201      ${created}`);
    console.log(
      `  rows stored       ${stored}  (${stored === created ? 'every success is on disk' : 'MISMATCH'})`,
    );
    console.log(`  errors/non-2xx    ${result.errors} / ${result.non2xx}`);
    if (stored !== created) process.exitCode = 1;
  } finally {
    server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
