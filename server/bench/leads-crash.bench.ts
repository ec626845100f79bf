// Crash run: leads are posted at full speed, the server is killed with SIGKILL in the middle, then
// restarted on the same data folder. Every lead that was answered success:true must be there.
//   node node_modules/.bin/tsx server/bench/leads-crash.bench.ts [kill-after-ms] [concurrency]
import http from 'node:http';
import { postJson, startLeadsServer, storedLeadEmails, validLead } from './leads-harness';

const killAfterMs = Number(process.argv[2] ?? 2_000);
const concurrency = Number(process.argv[3] ?? 32);

async function main() {
  const first = await startLeadsServer();
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const acknowledged: string[] = [];
  let sent = 0;
  let failed = 0;
  let running = true;

  const worker = async () => {
    while (running) {
      const email = `crash${sent++}@example.com`;
      try {
        const answer = await postJson(
          agent,
          `${first.baseUrl}/api/submit-form`,
          JSON.stringify(validLead(email)),
        );
        if (answer.status === 200 && JSON.parse(answer.text).success === true) acknowledged.push(email);
      } catch {
        failed += 1; // the server died with this request in flight: not acknowledged, may or may not be stored
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  await first.kill9();
  running = false;
  await Promise.all(workers);
  agent.destroy();

  const second = await startLeadsServer({ dataDir: first.dataDir });
  const health = await fetch(`${second.baseUrl}/api/health`).then((response) => response.status);
  await second.stop();
  const stored = new Set(storedLeadEmails(first.dataDir));
  const missing = acknowledged.filter((email) => !stored.has(email));
  console.log(
    `leads crash: SIGKILL after ${killAfterMs} ms of load over ${concurrency} connections, then restart`,
  );
  console.log(`  requests sent                 ${sent}`);
  console.log(`  answered success:true         ${acknowledged.length}`);
  console.log(`  cut off by the kill           ${failed}`);
  console.log(`  leads in the database         ${stored.size} (acknowledged + committed-but-unanswered)`);
  console.log(`  acknowledged leads missing    ${missing.length}`);
  console.log(`  health after restart          ${health}`);
  if (missing.length > 0 || health !== 200 || acknowledged.length === 0) process.exitCode = 1;
}

void main();
