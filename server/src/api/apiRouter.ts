import express, { type Router } from 'express';
import type { ServerConfig } from '../config/serverConfig';
import { createLeadsRouter } from '../leads/leadsRouter';
import { createContactsRouter } from '../signups/contactsRouter';
import { createBountiesRouter } from '../bounties/bountiesRouter';
import { createBountySubmissionsRouter } from '../bounty-submissions/bountySubmissionsRouter';

/**
 * Everything under /api. Each feature mounts its own router here; features own their folders
 * (server/src/<feature>/) and their tables.
 */
export function createApiRouter(_config: ServerConfig): Router {
  const api = express.Router();
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  api.use('/submit-form', createLeadsRouter(_config));
  api.use(createContactsRouter(_config));
  api.use('/bounties', createBountiesRouter(_config));
  api.use('/bounty-submissions', createBountySubmissionsRouter(_config));
  api.use((_req, res) => {
    res.status(404).json({ success: false, message: 'Not found' });
  });
  return api;
}
