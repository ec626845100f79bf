import type { Request } from 'express';
import type { AuthInstance } from './authInstance';
import type { Person } from './accounts';
import type { PersonalDataStore } from './personalData';
import type { Organisations } from '../organisations/organisations';

interface Row {
  id: string;
  userId?: string;
  organizationId?: string;
  role?: string;
  createdAt?: Date | string;
  [field: string]: unknown;
}

/**
 * A feature's own data about a person, kept outside the accounts' tables (mail preferences, alerts):
 * its part of the export, and its removal when the account is deleted.
 */
export interface PersonalDataPart {
  export(person: Person): Promise<Record<string, unknown>>;
  remove(person: Person): Promise<void>;
}

/** Why an account cannot be deleted yet, said to its owner. */
export const LAST_OWNER_MESSAGE =
  'You are the last owner of an organisation that has other members. Make one of them an owner first, then delete your account.';

/**
 * Download my data and delete my account. The export holds everything stored about the person: the
 * profile, sign-in methods and sessions, organisations and invitations (and, once they exist,
 * submissions). Deleting removes the sign-in (sessions, passkeys, the account), the person's
 * memberships, and any organisation they were the only member of; it is refused while they are the
 * last owner of an organisation others still belong to (README, "Accounts": what stays for others).
 */
export function createDataRights(
  auth: AuthInstance,
  personal: PersonalDataStore,
  organisations: Organisations,
  parts: readonly PersonalDataPart[] = [],
) {
  const adapter = async () => (await auth.$context).adapter;

  async function rowsOf(model: string, field: string, value: string): Promise<Row[]> {
    return (await (await adapter()).findMany({ model, where: [{ field, value }] })) as Row[];
  }

  return {
    async export(req: Request, person: Person) {
      const [{ profile, email, memberSince }, sessions, passkeys, mine, ...ofParts] = await Promise.all([
        personal.profile(person),
        rowsOf('session', 'userId', person.id),
        rowsOf('passkey', 'userId', person.id),
        organisations.mine(person),
        ...parts.map((part) => part.export(person)),
      ]);
      return {
        exportedAt: new Date().toISOString(),
        account: { email, memberSince, role: person.role, ...profile },
        // Each session as stored, without its secret token.
        sessions: sessions.map((session) => ({
          createdAt: session.createdAt,
          expiresAt: session.expiresAt,
          ipAddress: session.ipAddress ?? null,
          userAgent: session.userAgent ?? null,
        })),
        // Each passkey as stored, without its public key or counter (they identify the device only).
        passkeys: passkeys.map((passkey) => ({
          name: passkey.name ?? null,
          deviceType: passkey.deviceType ?? null,
          createdAt: passkey.createdAt,
        })),
        organisations: mine.organisations.map(({ name, slug, website, role, verifiedAt }) => ({
          name,
          slug,
          website,
          role,
          verifiedAt,
        })),
        invitations: mine.invitations.map(({ organisationName, role, expiresAt }) => ({
          organisationName,
          role,
          expiresAt,
        })),
        submissions: [],
        ...Object.assign({}, ...ofParts),
      };
    },

    /** Deletes the account, or says why it cannot be deleted yet. */
    async delete(person: Person): Promise<{ deleted: true } | { deleted: false; reason: string }> {
      const db = await adapter();
      const memberships = await rowsOf('member', 'userId', person.id);
      const soleOrganisations: string[] = [];
      for (const membership of memberships) {
        const members = await rowsOf('member', 'organizationId', membership.organizationId as string);
        const otherOwners = members.filter(
          (member) => member.userId !== person.id && member.role === 'owner',
        );
        if (membership.role === 'owner' && otherOwners.length === 0 && members.length > 1)
          return { deleted: false, reason: LAST_OWNER_MESSAGE };
        if (members.length === 1) soleOrganisations.push(membership.organizationId as string);
      }
      for (const organizationId of soleOrganisations) {
        await db.deleteMany({
          model: 'invitation',
          where: [{ field: 'organizationId', value: organizationId }],
        });
        await db.deleteMany({ model: 'member', where: [{ field: 'organizationId', value: organizationId }] });
        await db.delete({ model: 'organization', where: [{ field: 'id', value: organizationId }] });
      }
      await db.deleteMany({ model: 'member', where: [{ field: 'userId', value: person.id }] });
      await db.deleteMany({ model: 'passkey', where: [{ field: 'userId', value: person.id }] });
      // Invitations to the address (nobody can accept them for a person who left), and the pending ones
      // they sent (the team invites again if it still wants them; no row keeps pointing at the person).
      await db.deleteMany({
        model: 'invitation',
        where: [{ field: 'email', value: person.email.toLowerCase() }],
      });
      await db.deleteMany({ model: 'invitation', where: [{ field: 'inviterId', value: person.id }] });
      // The features' own data (mail preferences, alerts) before the account that names it.
      for (const part of parts) await part.remove(person);
      await (await auth.$context).internalAdapter.deleteUser(person.id);
      return { deleted: true };
    },
  };
}

export type DataRights = ReturnType<typeof createDataRights>;
