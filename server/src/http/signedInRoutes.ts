import type { NextFunction, Request, Response } from 'express';
import type { Accounts, Person } from '../accounts/accounts';

/** A route's work for a signed-in person. */
export type SignedInHandler = (req: Request, res: Response, person: Person) => Promise<unknown>;

/**
 * Runs a route's work with the signed-in person; anything it throws goes to the app's error handler.
 * The access rules answered before this for anyone signed out: the 401 here is the type's proof.
 */
export function signedInRoute(accounts: Pick<Accounts, 'person'>) {
  return (run: SignedInHandler) => async (req: Request, res: Response, next: NextFunction) => {
    try {
      const person = await accounts.person(req);
      if (!person) throw Object.assign(new Error('Not signed in'), { status: 401 });
      await run(req, res, person);
    } catch (error) {
      next(error);
    }
  };
}

/** A page's data for the person who asked, never stored on the way; nothing (null) is a JSON 404. */
export function sendPersonalData(res: Response, data: unknown) {
  if (data === null) return res.status(404).json({ success: false, message: 'Not found' });
  res.setHeader('Cache-Control', 'private, no-store');
  return res.json(data);
}
