import type { Express, RequestHandler } from 'express';
import { viewerOf, type Accounts } from './accounts';
import { decideAccess, ruleFor } from './accessRules';
import { createAuthRouter } from './authRouter';
import type { SignInLimits } from './codeLimits';
import { sameOriginWrites } from './originCheck';
import { createSignInForms } from './signInForms';

const STAFF_ONLY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Staff only | Side Quest</title></head><body><main><h1>Staff only</h1><p>This page is for Side Quest staff.</p><p><a href="/">Back to Side Quest</a></p></main></body></html>`;

/**
 * Applies access.ts's rules to every request before any router: the one place the server decides who
 * reaches what. Public paths never read the session (no database work for anonymous traffic).
 */
export function enforceAccess(accounts: Accounts): RequestHandler {
  return async (req, res, next) => {
    try {
      const rule = ruleFor(req.path);
      const person = rule && rule.access !== 'public' ? await accounts.person(req) : null;
      const verdict = decideAccess(req.originalUrl, person);
      if (verdict.pass) return next();
      res.setHeader('Cache-Control', 'no-store');
      if (verdict.status === 303) return res.redirect(303, verdict.location);
      const isApi = req.path === '/api' || req.path.startsWith('/api/');
      if (isApi) {
        const message = { 401: 'Sign in first.', 403: 'Staff only.', 404: 'Not found' }[verdict.status];
        return res.status(verdict.status).json({ success: false, message });
      }
      if (verdict.status === 403) return res.status(403).type('html').send(STAFF_ONLY_PAGE);
      res.status(404).type('text/plain').send('Not found');
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Mounts identity on the app, before every other route: the CSRF check of all write routes, the
 * access rules, better-auth's allowlisted endpoints, the sign-in forms and GET /api/viewer.
 */
export function mountAccounts(
  app: Express,
  { accounts, limits, publicUrl }: { accounts: Accounts; limits: SignInLimits; publicUrl: string | null },
): void {
  app.use(sameOriginWrites(publicUrl));
  app.use(enforceAccess(accounts));
  app.use('/api/auth', createAuthRouter(accounts, limits));
  app.use(createSignInForms(accounts, limits));
  app.get('/api/viewer', async (req, res, next) => {
    try {
      const person = await accounts.person(req);
      res.setHeader('Cache-Control', 'private, no-store');
      // The access rule answered 401 already when nobody is signed in.
      res.json(person ? viewerOf(person) : null);
    } catch (error) {
      next(error);
    }
  });
}
