// Scale-out: two server instances on different ports sharing one PostgreSQL (a throwaway cluster on
// loopback), leads sent round-robin to both, forwarding to a CRM fake; one instance is killed with
// SIGKILL in the middle. Prints acknowledged, stored and delivered counts (every acknowledged lead must
// be stored and delivered), the leads sent twice (at least once: in flight at the kill), the requests the
// CRM fake answered as replays of an earlier Idempotency-Key, and the leads it recorded twice (must be 0),
// then leads/s and p99 of one instance on SQLite and on PostgreSQL.
//   node node_modules/.bin/tsx server/bench/scale-out.bench.ts [load-ms] [concurrency]
import http from 'node:http';
import pg from 'pg';
import { createTestDatabase, startTestPostgres } from '../src/testing/testPostgres';
import {
  forwardingEnv,
  postJson,
  startFakeCrm,
  startLeadsServer,
  validLead,
  waitUntil,
  type LeadsServer,
} from './leads-harness';

const loadMs = Number(process.argv[2] ?? 4_000);
const concurrency = Number(process.argv[3] ?? 32);

/** Posts leads over `concurrency` connections, round-robin over `servers`, for `ms`; `during` runs midway. */
async function load(servers: LeadsServer[], ms: number, tag: string, during?: () => Promise<void>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const acknowledged: string[] = [];
  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const n = sent++;
      const server = servers[n % servers.length] as LeadsServer;
      const email = `${tag}${n}@example.com`;
      const started = performance.now();
      try {
        const answer = await postJson(
          agent,
          `${server.baseUrl}/api/submit-form`,
          JSON.stringify(validLead(email)),
        );
        if (answer.status === 200 && JSON.parse(answer.text).success === true) {
          acknowledged.push(email);
          latencies.push(performance.now() - started);
        } else failed += 1;
      } catch {
        failed += 1; // an instance that was killed: not acknowledged
      }
    }
  };
  const started = performance.now();
  const workers = Array.from({ length: concurrency }, worker);
  if (during) {
    await new Promise((resolve) => setTimeout(resolve, ms / 2));
    await during();
    await new Promise((resolve) => setTimeout(resolve, ms / 2));
  } else await new Promise((resolve) => setTimeout(resolve, ms));
  running = false;
  await Promise.all(workers);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? NaN;
  return { acknowledged, sent, failed, perSecond: acknowledged.length / seconds, p99 };
}

async function main() {
  const postgres = await startTestPostgres();
  const crm = await startFakeCrm(5);
  try {
    const url = await createTestDatabase(postgres.url, 'scale_out');
    const env = { ...forwardingEnv(crm.url), DATABASE_URL: url };
    const instances = [await startLeadsServer({ env }), await startLeadsServer({ env })];
    const run = await load(instances, loadMs, 'scale', () => (instances[1] as LeadsServer).kill9());

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const pending = async () =>
      Number((await db.query("SELECT COUNT(*) AS n FROM lead_outbox WHERE status = 'pending'")).rows[0].n);
    // The surviving instance delivers the whole outbox, the killed one's leads included.
    await waitUntil(async () => (await pending()) === 0, 120_000, 'outbox drained');
    const stored = new Set(
      (await db.query('SELECT email FROM leads')).rows.map((row) => row.email as string),
    );
    await db.end();
    await (instances[0] as LeadsServer).stop();

    const lost = run.acknowledged.filter((email) => !stored.has(email));
    const undelivered = [...stored].filter((email) => !crm.recordedPerEmail.has(email));
    const sentTwice = crm.sentTwice();
    const recordedTwice = crm.recordedTwice();
    const keyReused = crm.requests.filter((request) => request.outcome === 'key reused').length;
    console.log(
      `scale-out: 2 instances on one PostgreSQL, ${concurrency} connections round-robin for ${loadMs} ms,`,
    );
    console.log(`           instance 2 killed with SIGKILL after ${loadMs / 2} ms`);
    console.log(`  requests sent                 ${run.sent}`);
    console.log(`  acknowledged (success:true)   ${run.acknowledged.length}`);
    console.log(`  failed (killed instance)      ${run.failed}`);
    console.log(`  stored in PostgreSQL          ${stored.size}`);
    console.log(
      `  delivered to the CRM fake     ${crm.recordedPerEmail.size} (${crm.requests.length} requests)`,
    );
    console.log(`  acknowledged but lost         ${lost.length}`);
    console.log(`  stored but never delivered    ${undelivered.length}`);
    console.log(
      `  sent twice                    ${sentTwice.length}${sentTwice.length ? ' (in flight at the kill: at least once)' : ''}`,
    );
    console.log(`  replayed, not duplicated      ${crm.replays()} (same Idempotency-Key: the first answer)`);
    console.log(`  delivered twice (at the CRM)  ${recordedTwice.length}`);
    if (keyReused > 0) console.log(`  key reused with another body  ${keyReused}`);

    // Throughput of one instance per store, no kill.
    const rows: string[] = [];
    for (const [name, extra] of [
      ['SQLite', {}],
      ['PostgreSQL', { DATABASE_URL: await createTestDatabase(postgres.url, 'throughput') }],
    ] as const) {
      const server = await startLeadsServer({ env: { ...extra } });
      const result = await load([server], loadMs, name);
      await server.stop();
      rows.push(
        `  ${name.padEnd(11)} ${result.perSecond.toFixed(0).padStart(6)} leads/s   p99 ${result.p99.toFixed(1)} ms`,
      );
    }
    console.log(`one instance, ${concurrency} connections, ${loadMs} ms (forwarding off):`);
    rows.forEach((row) => console.log(row));
    if (
      lost.length > 0 ||
      undelivered.length > 0 ||
      recordedTwice.length > 0 ||
      keyReused > 0 ||
      run.acknowledged.length === 0
    )
      process.exitCode = 1;
  } finally {
    await crm.stop();
    await postgres.destroy();
  }
}

void main();
