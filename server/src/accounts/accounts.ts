import type { Request } from 'express';
import { fromNodeHeaders } from 'better-auth/node';
import type { Viewer } from '@side-quest/data/account';
import { createAuthInstance, migrateAuth, type AuthInstance, type AuthOptions } from './authInstance';
import { hasSessionCookie } from './sessionCookie';

/** The signed-in person as the server knows them: the browser's Viewer plus the account id. */
export interface Person extends Viewer {
  id: string;
}

/**
 * Identity for the whole server: every router asks this module who is signing in or signed in, never
 * better-auth directly and never with a role check of its own (access.ts holds the rules).
 */
export interface Accounts {
  auth: AuthInstance;
  /** Resolves once the auth tables exist (migrated at start); rejects with the reason otherwise. */
  ready: Promise<void>;
  /** The person signed in on this request, or null; read once per request. */
  person(req: Request): Promise<Person | null>;
  /**
   * Grants or revokes the staff role of the account with this address (the command line's
   * `npm run staff`; never reachable from the web). Resolves false when there is no such account.
   */
  setRole(email: string, role: Viewer['role']): Promise<boolean>;
}

function toRole(value: unknown): Viewer['role'] {
  return value === 'staff' ? 'staff' : 'talent';
}

/** What the browser may know of a person (no id: remotes never need it). */
export function viewerOf(person: Person): Viewer {
  return { name: person.name, email: person.email, handle: person.handle, role: person.role };
}

export function createAccounts(options: AuthOptions): Accounts {
  const auth = createAuthInstance(options);
  const ready = migrateAuth(auth);
  // A failed migration is reported by whoever awaits ready (requests, /api/ready), not as an unhandled rejection.
  ready.catch(() => undefined);
  const known = new WeakMap<Request, Promise<Person | null>>();

  async function readPerson(req: Request): Promise<Person | null> {
    // Anonymous requests (most of them) never touch the database.
    if (!hasSessionCookie(req.headers.cookie)) return null;
    await ready;
    const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
    if (!session) return null;
    const user = session.user as typeof session.user & { handle?: string | null; role?: string | null };
    return {
      id: user.id,
      name: user.name ?? '',
      email: user.email,
      handle: user.handle ?? null,
      role: toRole(user.role),
    };
  }

  return {
    auth,
    ready,
    person(req) {
      let pending = known.get(req);
      if (!pending) {
        pending = readPerson(req);
        known.set(req, pending);
      }
      return pending;
    },
    async setRole(email, role) {
      await ready;
      const context = await auth.$context;
      const found = await context.internalAdapter.findUserByEmail(email.trim().toLowerCase());
      if (!found) return false;
      await context.internalAdapter.updateUser(found.user.id, { role });
      return true;
    },
  };
}
