/**
 * 30 redeploys of the compass remote while the server runs (production build required): each deploy
 * replaces the remote's files on its own host with another build, and the bench waits until the
 * server's HTML shows it. Prints how long each took to appear and the server's resident memory before
 * and after, to show that old remote code does not pile up. Prints its figures; not a test.
 *
 *   node node_modules/.bin/tsx server/bench/ssr-redeploy.bench.ts [--redeploys 30]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { root, startSite } from '@side-quest/build/e2e';
import { benchOption } from './benchOption';

const REDEPLOYS = benchOption('redeploys', 30);
const HEADING = 'Value Compass - In-Demand Skills';
const work = path.join(root, '.bench-redeploy');

/** Resident memory of a process and its children (tsx runs the server in a child of its CLI). */
function residentMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return own + children.reduce((sum, child) => sum + residentMiB(child), 0);
}

/** A second build of the remote whose heading says "(v2)", made from a copy of its source. */
function buildVariant(): string {
  const source = path.join(work, 'mfe-compass');
  fs.rmSync(work, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'mfe-compass'), source, {
    recursive: true,
    filter: (file) => !file.includes(`${path.sep}dist`) && !file.includes('node_modules'),
  });
  const page = path.join(source, 'src', 'compass', 'CompassPage.tsx');
  fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace(`>${HEADING}<`, `>${HEADING} (v2)<`));
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production'],
    { cwd: source, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('building the second compass build failed');
  return path.join(source, 'dist');
}

async function main() {
  const builds = [path.join(root, 'mfe-compass', 'dist'), buildVariant()];
  const deployDir = path.join(work, 'deployed');
  const deploy = (dir: string) => {
    fs.rmSync(deployDir, { recursive: true, force: true });
    fs.cpSync(dir, deployDir, { recursive: true });
  };
  deploy(builds[0] as string);

  const host = express();
  host.use((_req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'no-cache');
    next();
  });
  host.use(express.static(deployDir));
  const remoteHost = await new Promise<Server>((resolve) => {
    const server = host.listen(0, '127.0.0.1', () => resolve(server));
  });
  const address = remoteHost.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const site = await startSite({ env: { REMOTE_COMPASS_URL: `http://127.0.0.1:${port}/mf-manifest.json` } });
  try {
    const html = async () => (await fetch(`${site.baseUrl}/compass`)).text();
    for (let i = 0; i < 20; i++) await html();
    const before = residentMiB(site.pid);
    // Memory every 10 redeploys: old code piling up grows it in step with them; a heap that reuses
    // its space levels off.
    const checkpoints: string[] = [];
    const delays: number[] = [];
    for (let i = 1; i <= REDEPLOYS; i++) {
      const v2 = i % 2 === 1;
      deploy(builds[v2 ? 1 : 0] as string);
      const deployed = Date.now();
      for (;;) {
        const page = await html();
        if (page.includes(`${HEADING} (v2)`) === v2 && page.includes(HEADING)) break;
        if (Date.now() - deployed > 15_000) throw new Error(`redeploy ${i} did not show within 15 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      delays.push(Date.now() - deployed);
      // Some traffic on the new code, as on a live site.
      for (let j = 0; j < 10; j++) await html();
      if (i % 10 === 0) checkpoints.push(`${i}: ${residentMiB(site.pid).toFixed(1)}`);
    }
    const after = residentMiB(site.pid);
    delays.sort((a, b) => a - b);
    console.log(
      `\n${REDEPLOYS} redeploys of the compass remote (alternating two builds), server not restarted`,
    );
    console.log(
      `visible in the server's HTML after: median ${delays[Math.floor(delays.length / 2)]} ms, max ${delays[delays.length - 1]} ms`,
    );
    console.log(`server resident memory: ${before.toFixed(1)} MiB before, ${after.toFixed(1)} MiB after`);
    console.log(`resident memory (MiB) after every 10 redeploys: ${checkpoints.join(', ')}`);
  } finally {
    await site.stop();
    await new Promise((resolve) => remoteHost.close(resolve));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
