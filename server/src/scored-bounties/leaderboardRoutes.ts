import { Router, type NextFunction, type Request, type Response } from 'express';
import { LEADERBOARD_PAGES } from '@side-quest/data/lifecycle';
import type { Accounts } from '../accounts/accounts';
import { sendCached } from '../http/cachedAnswer';
import { readRateLimit } from '../http/readRateLimit';
import { publicApiCors } from '../public-api/publicApiRouter';
import type { ScoredBoards } from './scoredBoards';
import { safeFileName } from './scoredRoutes';

const JSON_TYPE = 'application/json; charset=utf-8';
/** A board changes with each score: a client asks again every time (its ETag makes that cheap). */
const BOARD_CACHE_CONTROL = 'no-cache';

/**
 * A scored bounty's leaderboard (issue 45 item 5): the page's data (GET /api/hosted-bounties/:id/leaderboard,
 * public), the public API's copy (GET /api/v1/bounties/:id/leaderboard, with CORS and the read rate
 * limit) and the team's CSV (GET /api/lifecycle/bounties/:id/leaderboard.csv, signed in, the bounty's
 * organisation only; 404 for anyone else). A bounty without a public board is a 404 everywhere.
 */
export function createLeaderboardRoutes(options: {
  boards: ScoredBoards;
  accounts: Pick<Accounts, 'person'>;
  publicOrigin: (req: Request) => string;
  readRateLimitPerMinute: number;
}): Router {
  const { boards } = options;
  const router = Router();
  const notFound = (res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.status(404).json({ success: false, message: 'Leaderboard not found.' });
  };
  const handle =
    (run: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction) =>
      run(req, res).catch(next);

  router.get(
    '/api/hosted-bounties/:id/leaderboard',
    handle(async (req, res) => {
      const board = await boards.board(String(req.params.id));
      if (!board) return notFound(res);
      sendCached(req, res, JSON.stringify(board), JSON_TYPE, BOARD_CACHE_CONTROL);
    }),
  );

  router.use(
    '/api/v1/bounties/:id/leaderboard',
    publicApiCors,
    readRateLimit(options.readRateLimitPerMinute),
  );
  router.get(
    '/api/v1/bounties/:id/leaderboard',
    handle(async (req, res) => {
      const id = String(req.params.id);
      const board = await boards.board(id);
      if (!board) return notFound(res);
      const body = { ...board, url: `${options.publicOrigin(req)}${LEADERBOARD_PAGES.page(id)}` };
      sendCached(req, res, JSON.stringify(body), JSON_TYPE, BOARD_CACHE_CONTROL);
    }),
  );

  router.get(
    '/api/lifecycle/bounties/:id/leaderboard.csv',
    handle(async (req, res) => {
      const person = await options.accounts.person(req);
      const found = person ? await boards.csv(person, String(req.params.id)) : null;
      if (!found) return void res.status(404).type('text/plain').send('Not found');
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="${safeFileName(`${found.title}-leaderboard`)}.csv"`,
      );
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(found.csv);
    }),
  );
  return router;
}
