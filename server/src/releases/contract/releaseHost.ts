import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { FIXTURE_BOUNTIES } from './fixtures';

/**
 * One loopback server for a smoke test: the release folder as it would be deployed (the release
 * process's runtime fetches the manifest and chunks over HTTP, as from any deployment), and the bounty
 * API of the server answered from fixtures, for a `prefetch` that loads its data itself rather than
 * through the cache. It runs in the checking process; the release's code runs in a process of its own.
 */
export async function startReleaseHost(releaseDir: string) {
  const app = express();
  app.get('/api/bounties', (_req, res) => void res.json(FIXTURE_BOUNTIES));
  app.get('/api/bounties/:id', (req, res) => {
    const bounty = FIXTURE_BOUNTIES.find((candidate) => candidate.id === req.params.id);
    if (bounty) res.json(bounty);
    else res.status(404).json({ error: 'Bounty not found' });
  });
  app.use('/api', (_req, res) => void res.status(404).json({ error: 'Not served by the contract check' }));
  app.use(express.static(releaseDir, { index: false, dotfiles: 'ignore' }));
  // The runtime runs whatever a script URL answers, whatever its status: a missing chunk answered with
  // an HTML 404 page would be reported as "Unexpected token '<'". Say what is missing instead.
  app.use((req, res) => {
    const missing = `${req.path.slice(1)} is missing from the release`;
    if (req.path.endsWith('.js'))
      res
        .status(404)
        .type('text/javascript')
        .send(`throw new Error(${JSON.stringify(missing)});`);
    else res.status(404).json({ error: missing });
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
