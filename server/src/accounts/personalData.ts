import type { Request } from 'express';
import { fromNodeHeaders } from 'better-auth/node';
import type { AccountOverview, Profile } from '@side-quest/data/account';
import type { AuthInstance } from './authInstance';
import type { Person } from './accounts';
import { deviceLabel } from './deviceLabel';

interface UserRecord {
  id: string;
  email: string;
  name: string;
  createdAt: Date | string;
  handle?: string | null;
  skills?: string | null;
  country?: string | null;
  payoutMethod?: string | null;
  profilePublic?: boolean | number | null;
  showEarnings?: boolean | number | null;
}

interface SessionRecord {
  id: string;
  token: string;
  createdAt: Date | string;
  userAgent?: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function skillsOf(stored: string | null | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((skill): skill is string => typeof skill === 'string') : [];
  } catch {
    return [];
  }
}

export type ProfileUpdate = 'saved' | 'handle-taken';

/**
 * A signed-in person's own records (profile, sessions, passkeys), read and changed only for that person:
 * every function takes the Person the access rules established, never an id from the request.
 */
export function createPersonalData(auth: AuthInstance) {
  const context = () => auth.$context;

  async function userOf(person: Person): Promise<UserRecord> {
    const user = (await (await context()).internalAdapter.findUserById(person.id)) as UserRecord | null;
    if (!user) throw new Error('The signed-in account no longer exists');
    return user;
  }

  async function sessionsOf(person: Person): Promise<SessionRecord[]> {
    return (await (await context()).internalAdapter.listSessions(person.id)) as SessionRecord[];
  }

  async function currentSessionId(req: Request): Promise<string | null> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
    return session?.session.id ?? null;
  }

  return {
    async profile(person: Person): Promise<{ profile: Profile; email: string; memberSince: string }> {
      const user = await userOf(person);
      return {
        email: user.email,
        memberSince: iso(user.createdAt),
        profile: {
          name: user.name ?? '',
          handle: user.handle ?? null,
          skills: skillsOf(user.skills),
          country: user.country ?? null,
          payoutMethod: (user.payoutMethod ?? null) as Profile['payoutMethod'],
          profilePublic: Boolean(user.profilePublic),
          showEarnings: Boolean(user.showEarnings),
        },
      };
    },

    async overview(req: Request, person: Person, skillOptions: string[]): Promise<AccountOverview> {
      const headers = fromNodeHeaders(req.headers);
      const [{ profile, email, memberSince }, sessions, current, passkeys] = await Promise.all([
        this.profile(person),
        sessionsOf(person),
        currentSessionId(req),
        auth.api.listPasskeys({ headers }),
      ]);
      const listed = sessions
        .map((session) => ({
          id: session.id,
          current: session.id === current,
          createdAt: iso(session.createdAt),
          device: deviceLabel(session.userAgent ?? ''),
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt));
      return {
        email,
        memberSince,
        profile,
        skillOptions,
        passkeys: passkeys.map((passkey) => ({
          id: passkey.id,
          name: passkey.name ?? 'Passkey',
          createdAt: iso(passkey.createdAt),
        })),
        sessions: listed,
      };
    },

    async updateProfile(person: Person, profile: Profile): Promise<ProfileUpdate> {
      const ctx = await context();
      if (profile.handle) {
        const holder = (await ctx.adapter.findOne({
          model: 'user',
          where: [{ field: 'handle', value: profile.handle }],
        })) as { id: string } | null;
        if (holder && holder.id !== person.id) return 'handle-taken';
      }
      try {
        await ctx.internalAdapter.updateUser(person.id, {
          name: profile.name,
          handle: profile.handle,
          skills: JSON.stringify(profile.skills),
          country: profile.country,
          payoutMethod: profile.payoutMethod,
          profilePublic: profile.profilePublic,
          showEarnings: profile.showEarnings,
        });
      } catch (error) {
        // Two people taking one handle at once: the unique index decides, the loser is told.
        if (/unique/i.test(String((error as Error).message))) return 'handle-taken';
        throw error;
      }
      return 'saved';
    },

    /** Ends one of the person's sessions by its id; false when they have no such session. */
    async revokeSession(person: Person, sessionId: string): Promise<boolean> {
      const session = (await sessionsOf(person)).find((candidate) => candidate.id === sessionId);
      if (!session) return false;
      await (await context()).internalAdapter.deleteSession(session.token);
      return true;
    },

    /** Ends every session of the person but the one making the request. */
    async signOutElsewhere(req: Request, person: Person): Promise<void> {
      const current = await currentSessionId(req);
      const internal = (await context()).internalAdapter;
      for (const session of await sessionsOf(person))
        if (session.id !== current) await internal.deleteSession(session.token);
    },

    /** Removes one of the person's passkeys (better-auth checks that it is theirs). */
    async deletePasskey(req: Request, passkeyId: string): Promise<boolean> {
      try {
        await auth.api.deletePasskey({ headers: fromNodeHeaders(req.headers), body: { id: passkeyId } });
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type PersonalDataStore = ReturnType<typeof createPersonalData>;
