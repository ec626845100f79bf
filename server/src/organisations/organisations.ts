import type { Request } from 'express';
import { fromNodeHeaders } from 'better-auth/node';
import {
  assignableRoles,
  organisationMay,
  type MyOrganisation,
  type MyOrganisations,
  type OrganisationFields,
  type OrganisationRole,
  type OrganisationTeam,
} from '@side-quest/data/account';
import type { AuthInstance } from '../accounts/authInstance';
import type { Person } from '../accounts/accounts';

interface OrganisationRecord {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  website?: string | null;
  verifiedAt?: string | null;
  createdAt: Date | string;
}

interface MemberRecord {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Date | string;
}

interface InvitationRecord {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  status: string;
  expiresAt: Date | string;
}

interface UserRecord {
  id: string;
  name: string;
  email: string;
}

const LOGO_PREFIX = 'data:image/webp;base64,';
const iso = (value: Date | string) => new Date(value).toISOString();
const roleOf = (value: string): OrganisationRole =>
  value === 'owner' || value === 'admin' ? value : 'member';

/** An organisation as the public sees it: on its sponsor page and its bounties. */
export interface SponsorRecord {
  id: string;
  name: string;
  slug: string;
  website: string;
  logoUrl: string | null;
  verifiedAt: string | null;
}

/** Outcomes a form route turns into a page or a status: 'not-found' is a 404 (ids reveal nothing). */
export type OrganisationOutcome = 'done' | 'not-found' | 'slug-taken' | 'already-member' | 'last-owner';

/** The host of a URL or an e-mail address's domain, lowercased, without a leading www. */
function domainOf(text: string): string {
  const host = text.includes('@') ? (text.split('@')[1] ?? '') : safeHost(text);
  return host.toLowerCase().replace(/^www\./, '');
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** Whether an e-mail's domain is the website's host or one of its subdomains (staff's evidence). */
export function emailMatchesWebsite(email: string, website: string): boolean {
  const mail = domainOf(email);
  const site = domainOf(website);
  return Boolean(mail && site) && (mail === site || mail.endsWith(`.${site}`) || site.endsWith(`.${mail}`));
}

/** An organisation awaiting verification, with what staff weigh. */
export interface VerificationCase {
  id: string;
  name: string;
  slug: string;
  website: string;
  createdAt: string;
  owners: Array<{ email: string; matchesWebsite: boolean }>;
}

/**
 * Sponsor organisations over better-auth's organization tables: who belongs where with which role, and
 * what each role may do (organisationMay). Every call takes the Person the access rules established;
 * one who is not a member of an organisation gets 'not-found', never a hint that it exists.
 */
export function createOrganisations(
  auth: AuthInstance,
  /** Told when someone leaves or is removed: former members stay barred from the bounties for a while. */
  onMemberLeft?: (organisationId: string, userId: string) => Promise<void>,
) {
  const context = () => auth.$context;
  const adapter = async () => (await context()).adapter;

  async function organisationBySlug(slug: string): Promise<OrganisationRecord | null> {
    return (await (
      await adapter()
    ).findOne({
      model: 'organization',
      where: [{ field: 'slug', value: slug }],
    })) as OrganisationRecord | null;
  }

  async function membershipsOf(person: Person): Promise<MemberRecord[]> {
    return (await (
      await adapter()
    ).findMany({
      model: 'member',
      where: [{ field: 'userId', value: person.id }],
    })) as MemberRecord[];
  }

  async function membersOf(organisationId: string): Promise<MemberRecord[]> {
    return (await (
      await adapter()
    ).findMany({
      model: 'member',
      where: [{ field: 'organizationId', value: organisationId }],
    })) as MemberRecord[];
  }

  /** The organisation with this slug and the person's membership in it, or null when they have none. */
  async function asMember(person: Person, slug: string) {
    const organisation = await organisationBySlug(slug);
    if (!organisation) return null;
    const member = (await membersOf(organisation.id)).find((entry) => entry.userId === person.id);
    return member ? { organisation, member, role: roleOf(member.role) } : null;
  }

  function publicView(organisation: OrganisationRecord, role: OrganisationRole): MyOrganisation {
    return {
      id: organisation.id,
      name: organisation.name,
      slug: organisation.slug,
      website: organisation.website ?? '',
      logoUrl: organisation.logo ? `/media/organisations/${organisation.id}.webp` : null,
      verifiedAt: organisation.verifiedAt ?? null,
      role,
    };
  }

  function sponsorView(organisation: OrganisationRecord): SponsorRecord {
    return {
      id: organisation.id,
      name: organisation.name,
      slug: organisation.slug,
      website: organisation.website ?? '',
      logoUrl: organisation.logo ? `/media/organisations/${organisation.id}.webp` : null,
      verifiedAt: organisation.verifiedAt ?? null,
    };
  }

  return {
    /** An organisation's public face (sponsor pages, bounty cards), by id; null when there is none. */
    async sponsor(organisationId: string): Promise<SponsorRecord | null> {
      const organisation = (await (
        await adapter()
      ).findOne({
        model: 'organization',
        where: [{ field: 'id', value: organisationId }],
      })) as OrganisationRecord | null;
      return organisation ? sponsorView(organisation) : null;
    },

    async sponsorBySlug(slug: string): Promise<SponsorRecord | null> {
      const organisation = await organisationBySlug(slug);
      return organisation ? sponsorView(organisation) : null;
    },

    /** The person's role in the organisation, or null when they are not a member. */
    async roleIn(personId: string, organisationId: string): Promise<OrganisationRole | null> {
      const member = (await membersOf(organisationId)).find((entry) => entry.userId === personId);
      return member ? roleOf(member.role) : null;
    },

    /** The organisations a person belongs to, with their role. */
    async membershipIds(personId: string): Promise<{ organisationId: string; role: OrganisationRole }[]> {
      const members = (await (
        await adapter()
      ).findMany({ model: 'member', where: [{ field: 'userId', value: personId }] })) as MemberRecord[];
      return members.map((member) => ({ organisationId: member.organizationId, role: roleOf(member.role) }));
    },

    /** The team's members' ids (e-mails about the organisation's bounties go to each). */
    async memberIds(organisationId: string): Promise<string[]> {
      return (await membersOf(organisationId)).map((member) => member.userId);
    },

    async mine(person: Person): Promise<MyOrganisations> {
      const db = await adapter();
      const memberships = await membershipsOf(person);
      const organisations: MyOrganisation[] = [];
      for (const member of memberships) {
        const organisation = (await db.findOne({
          model: 'organization',
          where: [{ field: 'id', value: member.organizationId }],
        })) as OrganisationRecord | null;
        if (organisation) organisations.push(publicView(organisation, roleOf(member.role)));
      }
      const pending = (await db.findMany({
        model: 'invitation',
        where: [
          { field: 'email', value: person.email.toLowerCase() },
          { field: 'status', value: 'pending' },
        ],
      })) as InvitationRecord[];
      const invitations = [];
      for (const invitation of pending) {
        if (new Date(invitation.expiresAt).getTime() < Date.now()) continue;
        const organisation = (await db.findOne({
          model: 'organization',
          where: [{ field: 'id', value: invitation.organizationId }],
        })) as OrganisationRecord | null;
        if (organisation)
          invitations.push({
            id: invitation.id,
            organisationName: organisation.name,
            role: roleOf(invitation.role),
            expiresAt: iso(invitation.expiresAt),
          });
      }
      organisations.sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return { organisations, invitations };
    },

    async team(person: Person, slug: string): Promise<OrganisationTeam | null> {
      const found = await asMember(person, slug);
      if (!found) return null;
      const db = await adapter();
      const members = [];
      for (const member of await membersOf(found.organisation.id)) {
        const user = (await (
          await context()
        ).internalAdapter.findUserById(member.userId)) as UserRecord | null;
        if (user)
          members.push({
            id: member.id,
            name: user.name,
            email: user.email,
            role: roleOf(member.role),
            isMe: member.userId === person.id,
          });
      }
      const invitations = organisationMay(found.role, 'manageMembers')
        ? (
            (await db.findMany({
              model: 'invitation',
              where: [
                { field: 'organizationId', value: found.organisation.id },
                { field: 'status', value: 'pending' },
              ],
            })) as InvitationRecord[]
          ).map((invitation) => ({
            id: invitation.id,
            email: invitation.email,
            role: roleOf(invitation.role),
            expiresAt: iso(invitation.expiresAt),
          }))
        : [];
      return { organisation: publicView(found.organisation, found.role), members, invitations };
    },

    async create(
      req: Request,
      fields: OrganisationFields,
      logo: Buffer | null,
    ): Promise<OrganisationOutcome> {
      if (await organisationBySlug(fields.slug)) return 'slug-taken';
      const created = await auth.api.createOrganization({
        headers: fromNodeHeaders(req.headers),
        body: {
          name: fields.name,
          slug: fields.slug,
          logo: logo ? `${LOGO_PREFIX}${logo.toString('base64')}` : undefined,
          keepCurrentActiveOrganization: true,
        },
      });
      if (!created) return 'not-found';
      await (
        await adapter()
      ).update({
        model: 'organization',
        where: [{ field: 'id', value: created.id }],
        update: { website: fields.website },
      });
      return 'done';
    },

    async invite(
      req: Request,
      person: Person,
      slug: string,
      email: string,
      role: OrganisationRole,
    ): Promise<OrganisationOutcome> {
      const found = await asMember(person, slug);
      if (
        !found ||
        !organisationMay(found.role, 'manageMembers') ||
        !assignableRoles(found.role).includes(role)
      )
        return 'not-found';
      const already = await (await context()).internalAdapter.findUserByEmail(email);
      if (
        already &&
        (await membersOf(found.organisation.id)).some((member) => member.userId === already.user.id)
      )
        return 'already-member';
      await auth.api.createInvitation({
        headers: fromNodeHeaders(req.headers),
        body: { email, role, organizationId: found.organisation.id, resend: true },
      });
      return 'done';
    },

    async answerInvitation(req: Request, person: Person, invitationId: string, accept: boolean) {
      const invitation = (await (
        await adapter()
      ).findOne({
        model: 'invitation',
        where: [{ field: 'id', value: invitationId }],
      })) as InvitationRecord | null;
      // Only the invited address sees (or answers) an invitation.
      if (
        !invitation ||
        invitation.email.toLowerCase() !== person.email.toLowerCase() ||
        invitation.status !== 'pending'
      )
        return 'not-found' as const;
      const headers = fromNodeHeaders(req.headers);
      if (accept) await auth.api.acceptInvitation({ headers, body: { invitationId } });
      else await auth.api.rejectInvitation({ headers, body: { invitationId } });
      return 'done' as const;
    },

    async changeRole(
      person: Person,
      slug: string,
      memberId: string,
      role: OrganisationRole,
    ): Promise<OrganisationOutcome> {
      const found = await asMember(person, slug);
      if (!found || !organisationMay(found.role, 'manageMembers')) return 'not-found';
      const members = await membersOf(found.organisation.id);
      const target = members.find((member) => member.id === memberId);
      if (!target) return 'not-found';
      // Nobody changes a role they could not give, or one above their own (an admin and an owner).
      const allowed = assignableRoles(found.role);
      if (!allowed.includes(role) || !allowed.includes(roleOf(target.role))) return 'not-found';
      const owners = members.filter((member) => member.role === 'owner');
      if (target.role === 'owner' && role !== 'owner' && owners.length === 1) return 'last-owner';
      await (
        await adapter()
      ).update({ model: 'member', where: [{ field: 'id', value: memberId }], update: { role } });
      return 'done';
    },

    async removeMember(person: Person, slug: string, memberId: string): Promise<OrganisationOutcome> {
      const found = await asMember(person, slug);
      if (!found) return 'not-found';
      const members = await membersOf(found.organisation.id);
      const target = members.find((member) => member.id === memberId);
      if (!target) return 'not-found';
      const leaving = target.userId === person.id;
      if (
        !leaving &&
        (!organisationMay(found.role, 'manageMembers') ||
          !assignableRoles(found.role).includes(roleOf(target.role)))
      )
        return 'not-found';
      if (target.role === 'owner' && members.filter((member) => member.role === 'owner').length === 1)
        return 'last-owner';
      await (await adapter()).delete({ model: 'member', where: [{ field: 'id', value: memberId }] });
      await onMemberLeft?.(found.organisation.id, target.userId);
      return 'done';
    },

    /** Deletes the organisation with its members and invitations: its owners only. */
    async deleteOrganisation(person: Person, slug: string): Promise<OrganisationOutcome> {
      const found = await asMember(person, slug);
      if (!found || !organisationMay(found.role, 'delete')) return 'not-found';
      const db = await adapter();
      const id = found.organisation.id;
      await db.deleteMany({ model: 'invitation', where: [{ field: 'organizationId', value: id }] });
      await db.deleteMany({ model: 'member', where: [{ field: 'organizationId', value: id }] });
      await db.delete({ model: 'organization', where: [{ field: 'id', value: id }] });
      return 'done';
    },

    /** The stored logo (a WebP this server drew), or null. Logos are public: the sponsor page shows them. */
    async logo(organisationId: string): Promise<Buffer | null> {
      const organisation = (await (
        await adapter()
      ).findOne({
        model: 'organization',
        where: [{ field: 'id', value: organisationId }],
      })) as OrganisationRecord | null;
      const logo = organisation?.logo;
      return logo?.startsWith(LOGO_PREFIX) ? Buffer.from(logo.slice(LOGO_PREFIX.length), 'base64') : null;
    },

    /** Staff: the organisations not yet verified, oldest first, with the owners' e-mail domains as evidence. */
    async awaitingVerification(): Promise<VerificationCase[]> {
      const db = await adapter();
      const all = (await db.findMany({ model: 'organization' })) as OrganisationRecord[];
      const cases: VerificationCase[] = [];
      for (const organisation of all.filter((entry) => !entry.verifiedAt)) {
        const owners = [];
        for (const member of (await membersOf(organisation.id)).filter((entry) => entry.role === 'owner')) {
          const user = (await (
            await context()
          ).internalAdapter.findUserById(member.userId)) as UserRecord | null;
          if (user)
            owners.push({
              email: user.email,
              matchesWebsite: emailMatchesWebsite(user.email, organisation.website ?? ''),
            });
        }
        cases.push({
          id: organisation.id,
          name: organisation.name,
          slug: organisation.slug,
          website: organisation.website ?? '',
          createdAt: iso(organisation.createdAt),
          owners,
        });
      }
      return cases.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    /** Staff: marks an organisation verified now; false when there is none with this id. */
    async verify(organisationId: string, now = new Date()): Promise<boolean> {
      const db = await adapter();
      const found = await db.findOne({
        model: 'organization',
        where: [{ field: 'id', value: organisationId }],
      });
      if (!found) return false;
      await db.update({
        model: 'organization',
        where: [{ field: 'id', value: organisationId }],
        update: { verifiedAt: now.toISOString() },
      });
      return true;
    },
  };
}

export type Organisations = ReturnType<typeof createOrganisations>;
