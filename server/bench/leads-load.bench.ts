// Load run for POST /api/submit-form: autocannon on loopback against the real server process, then a
// check that the database holds exactly the leads that were answered success:true.
//   node node_modules/.bin/tsx server/bench/leads-load.bench.ts [requests] [connections]
// A fixed number of requests (not a duration) so every request is answered before the count is taken.
import autocannon from 'autocannon';
import { startLeadsServer, storedLeadEmails, validLead } from './leads-harness';

const amount = Number(process.argv[2] ?? 30_000);
const connections = Number(process.argv[3] ?? 16);

async function main() {
  const server = await startLeadsServer();
  let succeeded = 0;
  let counter = 0;
  try {
    // Warm the JIT and the SQLite page cache first, so the figures describe the steady state.
    await autocannon({
      url: `${server.baseUrl}/api/submit-form`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validLead('warmup@example.com')),
      connections,
      amount: 2_000,
      requests: [
        {
          onResponse: (status, body) =>
            void (status === 200 && body.includes('"success":true') && succeeded++),
        },
      ],
    });
    const result = await autocannon({
      url: `${server.baseUrl}/api/submit-form`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      connections,
      amount,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify(validLead(`lead${counter++}@example.com`)),
          }),
          onResponse: (status, body) =>
            void (status === 200 && body.includes('"success":true') && succeeded++),
        },
      ],
    });
    await server.stop();
    const stored = storedLeadEmails(server.dataDir).length;
    const accepted = result['2xx'];
    const perSecond = accepted / result.duration;
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(
      `leads load: ${amount} leads over ${connections} connections in ${result.duration.toFixed(1)} s on loopback`,
    );
    console.log(`  accepted leads/s (mean)   ${perSecond.toFixed(0)}  (target >= 2000)`);
    console.log(
      `  latency p50 / p99 / max   ${result.latency.p50} / ${result.latency.p99} / ${result.latency.max} ms  (target p99 < 50)`,
    );
    console.log(`  errors / timeouts / non-2xx  ${result.errors} / ${result.timeouts} / ${result.non2xx}`);
    console.log(`  answered success:true     ${succeeded} (incl. warm-up)`);
    console.log(`  leads in the database     ${stored}`);
    const exact = stored === succeeded;
    console.log(`  database == successes     ${exact ? 'yes' : 'NO'}`);
    console.log(
      `  targets met               ${perSecond >= 2000 && result.latency.p99 < 50 && errors === 0 && exact ? 'yes' : 'NO'}`,
    );
    if (!exact || errors > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

void main();
