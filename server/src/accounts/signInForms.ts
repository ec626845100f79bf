import { Router, type Request, type Response } from 'express';
import { formFields, readForm } from '../http/formFields';
import { isValidEmail } from '@side-quest/data/forms';
import {
  NEXT_PARAM,
  SIGN_IN_CODE_STEP,
  SIGN_IN_ERROR_PARAM,
  SIGN_IN_FORM,
  SIGN_IN_STEP_PARAM,
  safeNextPath,
  type SignInError,
} from '@side-quest/data/account';
import type { Accounts } from './accounts';
import { authRequest } from './authRouter';
import type { LimitVerdict, SignInLimits } from './codeLimits';
import { CODE_TTL_SECONDS } from './codeRules';
import { tooManyAttemptsMessage } from '../rate-limits/rateLimitRules';

/**
 * Which address the browser asked a code for, between the two steps: in an HttpOnly cookie scoped to the
 * sign-in forms, never in the URL (it would land in history and logs).
 */
const PENDING_COOKIE = 'side-quest.sign_in_address';

function pageUrl(next: string, step: string | null, error: SignInError | null): string {
  const query = new URLSearchParams();
  if (step) query.set(SIGN_IN_STEP_PARAM, step);
  if (error) query.set(SIGN_IN_ERROR_PARAM, error);
  if (next !== '/') query.set(NEXT_PARAM, next);
  const text = query.toString();
  return `/sign-in${text ? `?${text}` : ''}`;
}

function pendingAddress(req: Request): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PENDING_COOKIE) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function setPending(req: Request, res: Response, email: string | null) {
  res.cookie(PENDING_COOKIE, email ?? '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/sign-in',
    maxAge: email ? CODE_TTL_SECONDS * 1000 : 0,
  });
}

/** A refusal by the limits: 429 with Retry-After, and a page that says so (the form cannot redirect). */
function sendLimitedPage(res: Response, verdict: NonNullable<LimitVerdict>, back: string) {
  res.set('Retry-After', String(verdict.retryAfter));
  res.setHeader('Cache-Control', 'no-store');
  res
    .status(429)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Too many attempts | Side Quest</title></head><body><main><h1>Too many attempts</h1><p>${tooManyAttemptsMessage(verdict.retryAfter)}</p><p><a href="${back}">Back to sign in</a></p></main></body></html>`,
    );
}

/**
 * The sign-in page's own form posts, which work without JavaScript (and are what the page uses with it):
 * request a code, enter it, sign out. Each answers 303 back to a page, carrying only a step and an
 * error code. They call the same better-auth endpoints as the JSON API, origin check included.
 */
export function createSignInForms(accounts: Accounts, limits: SignInLimits): Router {
  const router = Router();

  router.post(SIGN_IN_FORM.requestCode, readForm, async (req, res, next) => {
    try {
      const fields = formFields(req);
      const nextPath = safeNextPath(fields.get(NEXT_PARAM));
      const email = (fields.get('email') ?? '').trim();
      if (!isValidEmail(email)) return res.redirect(303, pageUrl(nextPath, null, 'invalid-email'));
      const verdict = await limits.codeRequest(email, req.ip ?? '');
      if (verdict) return sendLimitedPage(res, verdict, pageUrl(nextPath, null, null));
      const answer = await accounts.auth.handler(
        authRequest(req, '/email-otp/send-verification-otp', { email, type: 'sign-in' }),
      );
      if (answer.status === 403)
        return res.status(403).type('text/plain').send('Cross-site request refused.');
      if (!answer.ok) return res.redirect(303, pageUrl(nextPath, null, 'failed'));
      setPending(req, res, email);
      res.redirect(303, pageUrl(nextPath, SIGN_IN_CODE_STEP, null));
    } catch (error) {
      next(error);
    }
  });

  router.post(SIGN_IN_FORM.enterCode, readForm, async (req, res, next) => {
    try {
      const fields = formFields(req);
      const nextPath = safeNextPath(fields.get(NEXT_PARAM));
      const email = pendingAddress(req);
      if (!email) return res.redirect(303, pageUrl(nextPath, null, 'no-pending'));
      const verdict = await limits.attempt(req.ip ?? '');
      if (verdict) return sendLimitedPage(res, verdict, pageUrl(nextPath, SIGN_IN_CODE_STEP, null));
      const code = (fields.get('code') ?? '').replace(/\s+/g, '');
      const answer = await accounts.auth.handler(
        authRequest(req, '/sign-in/email-otp', { email, otp: code }),
      );
      if (answer.status === 403) {
        const body = (await answer.json().catch(() => ({}))) as { code?: string };
        // TOO_MANY_ATTEMPTS: the code is burnt; anything else here is the origin check.
        if (body.code === 'TOO_MANY_ATTEMPTS') {
          setPending(req, res, null);
          return res.redirect(303, pageUrl(nextPath, null, 'expired-code'));
        }
        return res.status(403).type('text/plain').send('Cross-site request refused.');
      }
      if (!answer.ok) {
        const body = (await answer.json().catch(() => ({}))) as { code?: string };
        if (body.code === 'OTP_EXPIRED') {
          setPending(req, res, null);
          return res.redirect(303, pageUrl(nextPath, null, 'expired-code'));
        }
        return res.redirect(303, pageUrl(nextPath, SIGN_IN_CODE_STEP, 'wrong-code'));
      }
      setPending(req, res, null);
      const cookies = answer.headers.getSetCookie();
      res.append('Set-Cookie', cookies);
      res.redirect(303, nextPath);
    } catch (error) {
      next(error);
    }
  });

  router.post(SIGN_IN_FORM.signOut, async (req, res, next) => {
    try {
      const answer = await accounts.auth.handler(authRequest(req, '/sign-out', {}));
      if (answer.status === 403)
        return res.status(403).type('text/plain').send('Cross-site request refused.');
      res.append('Set-Cookie', answer.headers.getSetCookie());
      res.redirect(303, '/');
    } catch (error) {
      next(error);
    }
  });

  return router;
}
