import express, { Router, type Request, type Response } from 'express';
import { sendError } from '../http/jsonBody';
import { tooManyAttemptsMessage } from '../rate-limits/rateLimitRules';
import type { Accounts } from './accounts';
import { CLIENT_IP_HEADER } from './authInstance';
import type { LimitVerdict, SignInLimits } from './codeLimits';

/**
 * The better-auth endpoints the site's pages call, and nothing else: every other better-auth path
 * (passwords, user updates, account deletion, session listing, organisation updates, role changes…)
 * answers 404 on the web. Sign-out, sessions, passkey removal and profile changes go through the
 * site's own routes (signInForms.ts, accountRoutes.ts), which call better-auth on the server; the
 * session list there never shows a session's token.
 */
export const SITE_AUTH_ENDPOINTS: ReadonlyArray<readonly ['GET' | 'POST', string]> = [
  ['POST', '/email-otp/send-verification-otp'],
  ['POST', '/sign-in/email-otp'],
  ['GET', '/passkey/generate-register-options'],
  ['POST', '/passkey/verify-registration'],
  ['GET', '/passkey/generate-authenticate-options'],
  ['POST', '/passkey/verify-authentication'],
];

const AUTH_BODY_LIMIT = '16kb';

/** The request better-auth sees: this one's method, URL and headers, the client IP from req.ip. */
export function authRequest(req: Request, path: string, body?: unknown): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length' || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // req.ip honours TRUST_PROXY; better-auth would otherwise believe any X-Forwarded-For.
  headers.set(CLIENT_IP_HEADER, req.ip ?? '');
  const init: RequestInit = { method: req.method === 'HEAD' ? 'GET' : req.method, headers };
  if (body !== undefined) {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(body);
  }
  return new Request(`${req.protocol}://${req.get('host')}/api/auth${path}`, init);
}

/** Copies better-auth's answer (status, every Set-Cookie, body) onto Express's response. */
export async function relay(answer: globalThis.Response, res: Response): Promise<void> {
  res.status(answer.status);
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') res.setHeader(name, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  res.setHeader('Cache-Control', 'no-store');
  res.send(Buffer.from(await answer.arrayBuffer()));
}

export function sendLimited(res: Response, verdict: NonNullable<LimitVerdict>): void {
  res.set('Retry-After', String(verdict.retryAfter));
  sendError(res, 429, tooManyAttemptsMessage(verdict.retryAfter));
}

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** /api/auth/*: the allowlisted endpoints, behind the site's sign-in limits. */
export function createAuthRouter(accounts: Accounts, limits: SignInLimits): Router {
  const router = Router();
  const allowed = new Set(SITE_AUTH_ENDPOINTS.map(([method, path]) => `${method} ${path}`));
  router.use((req, res, next) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (!allowed.has(`${method} ${req.path}`)) {
      res.status(404).json({ success: false, message: 'Not found' });
      return;
    }
    next();
  });
  router.use(express.json({ limit: AUTH_BODY_LIMIT }));
  router.use(async (req, res, next) => {
    try {
      const ip = req.ip ?? '';
      if (req.path === '/email-otp/send-verification-otp') {
        // Sign-in codes only: e-mail verification and password resets have no use on this site.
        if ((req.body as { type?: unknown } | null)?.type !== 'sign-in')
          return sendError(res, 400, 'Only sign-in codes can be requested.');
        const verdict = await limits.codeRequest(emailOf(req.body), ip);
        if (verdict) return sendLimited(res, verdict);
      } else if (req.path === '/sign-in/email-otp' || req.path === '/passkey/verify-authentication') {
        const verdict = await limits.attempt(ip);
        if (verdict) return sendLimited(res, verdict);
      }
      const body = req.method === 'POST' ? (req.body ?? {}) : undefined;
      await relay(await accounts.auth.handler(authRequest(req, req.path, body)), res);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
