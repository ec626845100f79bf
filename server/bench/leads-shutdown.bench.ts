// Graceful shutdown under load: leads are posted at full speed with forwarding to a CRM fake on, the
// server gets SIGTERM in the middle, then is started again on the same data folder until its outbox is
// empty. Every lead answered success:true must be stored, and the CRM fake must receive every stored
// lead exactly once (a graceful stop records the delivery in flight: nothing is sent twice, nothing
// replayed).
//   node node_modules/.bin/tsx server/bench/leads-shutdown.bench.ts [sigterm-after-ms] [concurrency]
import http from 'node:http';
import {
  forwardingEnv,
  pendingDeliveries,
  postJson,
  startFakeCrm,
  startLeadsServer,
  storedLeadEmails,
  validLead,
  waitUntil,
} from './leads-harness';

const sigtermAfterMs = Number(process.argv[2] ?? 2_000);
const concurrency = Number(process.argv[3] ?? 32);

async function main() {
  const crm = await startFakeCrm(5);
  const env = forwardingEnv(crm.url);
  const first = await startLeadsServer({ env });
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const acknowledged: string[] = [];
  let sent = 0;
  let refused = 0;
  let running = true;

  const worker = async () => {
    while (running) {
      const email = `term${sent++}@example.com`;
      try {
        const answer = await postJson(
          agent,
          `${first.baseUrl}/api/submit-form`,
          JSON.stringify(validLead(email)),
        );
        if (answer.status === 200 && JSON.parse(answer.text).success === true) acknowledged.push(email);
      } catch {
        refused += 1; // the server no longer accepts: not acknowledged
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  await new Promise((resolve) => setTimeout(resolve, sigtermAfterMs));
  const deliveredBeforeStop = crm.recordedPerEmail.size;
  const signalledAt = Date.now();
  const exitCode = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
  first.child.kill('SIGTERM');
  const code = await exitCode;
  const stopMs = Date.now() - signalledAt;
  running = false;
  await Promise.all(workers);
  agent.destroy();

  const stored = storedLeadEmails(first.dataDir);
  const storedSet = new Set(stored);
  const pendingAtStop = pendingDeliveries(first.dataDir);
  // Started again: the outbox left by the stopped instance is delivered.
  const second = await startLeadsServer({ dataDir: first.dataDir, env });
  await waitUntil(() => pendingDeliveries(first.dataDir) === 0, 120_000, 'outbox drained after restart');
  await second.stop();
  await crm.stop();

  const missing = acknowledged.filter((email) => !storedSet.has(email));
  const undelivered = stored.filter((email) => !crm.recordedPerEmail.has(email));
  const sentTwice = crm.sentTwice();
  const twice = crm.recordedTwice();
  console.log(`leads shutdown: SIGTERM after ${sigtermAfterMs} ms of load over ${concurrency} connections`);
  console.log(`  requests sent                    ${sent}`);
  console.log(`  acknowledged (success:true)      ${acknowledged.length}`);
  console.log(`  refused while stopping           ${refused}`);
  console.log(`  exit code, time to stop          ${code}, ${stopMs} ms`);
  console.log(`  stored                           ${stored.length}`);
  console.log(`  delivered to the CRM before stop ${deliveredBeforeStop}`);
  console.log(`  outbox pending at stop           ${pendingAtStop}`);
  console.log(
    `  delivered to the CRM in all      ${crm.recordedPerEmail.size} (${crm.requests.length} requests)`,
  );
  console.log(`  acknowledged but lost            ${missing.length}`);
  console.log(`  stored but never delivered       ${undelivered.length}`);
  console.log(`  sent twice                       ${sentTwice.length}`);
  console.log(`  replayed, not duplicated         ${crm.replays()}`);
  console.log(`  delivered twice (at the CRM)     ${twice.length}`);
  if (
    code !== 0 ||
    missing.length > 0 ||
    undelivered.length > 0 ||
    twice.length > 0 ||
    sentTwice.length > 0 ||
    acknowledged.length === 0
  )
    process.exitCode = 1;
}

void main();
