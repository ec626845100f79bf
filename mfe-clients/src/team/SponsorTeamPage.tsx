import { useId, useState } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@side-quest/data/query';
import {
  Button,
  ErrorText,
  FormField,
  Link,
  MutedText,
  Notice,
  PageContainer,
  PageHeading,
  PageMeta,
  Panel,
  PanelColumn,
  RowList,
  StackedForm,
  Tag,
  useLocation,
  useParams,
  theme,
} from '@side-quest/design';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';
import { ROUTE_TABLE } from '@side-quest/data';
import {
  INVITE_FORM_KEY,
  ORGANISATION_FORMS,
  assignableRoles,
  organisationDoneMessage,
  organisationMay,
  organisationProblemMessage,
  useOrganisationTeam,
  type InviteFormReturn,
  type OrganisationRole,
  type OrganisationTeam,
} from '@side-quest/data/account';
import { LIFECYCLE_PAGES } from '@side-quest/data/lifecycle';
import { teamInterviewRequestsPath } from '@side-quest/data/hiring';
import { sponsorTeamHead } from '@side-quest/data/route-heads';
import { VerifiedTag } from './VerifiedTag';

const Inline = styled.form`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(2)};
  select {
    min-height: 44px;
    padding: 0.4rem 0.6rem;
    border-radius: ${theme.radius.medium};
    border: 1px solid ${theme.color.border};
    background: ${theme.color.background};
    color: ${theme.color.text};
  }
`;

type Member = OrganisationTeam['members'][number];

function MemberControls({ slug, me, member }: { slug: string; me: OrganisationRole; member: Member }) {
  const id = useId();
  const roles = assignableRoles(me);
  const canManage = organisationMay(me, 'manageMembers') && roles.includes(member.role) && !member.isMe;
  return (
    <span>
      {canManage && (
        <Inline method="post" action={ORGANISATION_FORMS.changeRole(slug)}>
          <input type="hidden" name="memberId" value={member.id} />
          <label className="visually-hidden" htmlFor={`${id}-role`}>
            Role of {member.name || member.email}
          </label>
          <select id={`${id}-role`} name="role" defaultValue={member.role}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
          <Button type="submit" $variant="secondary">
            Change role
          </Button>
        </Inline>
      )}{' '}
      {(canManage || member.isMe) && (
        <Inline method="post" action={ORGANISATION_FORMS.removeMember(slug)}>
          <input type="hidden" name="memberId" value={member.id} />
          <Button type="submit" $variant="ghost">
            {member.isMe ? 'Leave' : `Remove ${member.name || member.email}`}
          </Button>
        </Inline>
      )}
    </span>
  );
}

function InviteForm({
  slug,
  me,
  returned,
}: {
  slug: string;
  me: OrganisationRole;
  returned: InviteFormReturn | null;
}) {
  const id = useId();
  return (
    <StackedForm method="post" action={ORGANISATION_FORMS.invite(slug)}>
      <FormField>
        <label htmlFor={`${id}-email`}>E-mail address</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          defaultValue={returned?.email ?? ''}
          aria-invalid={returned ? true : undefined}
          aria-describedby={returned ? `${id}-error` : undefined}
        />
      </FormField>
      <FormField>
        <label htmlFor={`${id}-role`}>Role</label>
        <select id={`${id}-role`} name="role" defaultValue={returned?.role ?? 'member'}>
          {assignableRoles(me).map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </FormField>
      {returned && (
        <ErrorText id={`${id}-error`} role="alert">
          {returned.error}
        </ErrorText>
      )}
      <MutedText>
        Owners do everything, including deleting the organisation; admins manage members, publish, award and
        pay; members write drafts, labels, scores and notes.
      </MutedText>
      <div>
        <Button type="submit">Send invitation</Button>
      </div>
    </StackedForm>
  );
}

/** Deleting the organisation: owners only, after typing its address. */
function DeleteOrganisation({ slug, name }: { slug: string; name: string }) {
  const id = useId();
  return (
    <StackedForm method="post" action={ORGANISATION_FORMS.deleteOrganisation(slug)}>
      <MutedText>This removes {name}, its members and its invitations. It cannot be undone.</MutedText>
      <FormField>
        <label htmlFor={`${id}-confirm`}>Type {slug} to confirm</label>
        <input id={`${id}-confirm`} name="confirm" autoComplete="off" required />
      </FormField>
      <div>
        <Button type="submit" $variant="secondary">
          Delete {name}
        </Button>
      </div>
    </StackedForm>
  );
}

/**
 * /sponsor/:slug (members only; anyone else gets a 404): the team, with roles, invitations and the
 * controls each role may use. Server-rendered with the team; every form is a plain post.
 */
export default function SponsorTeamPage() {
  const slug = useParams().slug ?? '';
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const done = organisationDoneMessage(params.get('done'));
  const problem = organisationProblemMessage(params.get('problem'));
  const queryClient = useQueryClient();
  const [returned] = useState(() => queryClient.getQueryData<InviteFormReturn>(INVITE_FORM_KEY) ?? null);
  const { data: team, isPending } = useOrganisationTeam(slug);

  if (isPending) return <PageLoading blocks={['16rem']} />;
  if (!team)
    return (
      <PageNotFound
        description={sponsorTeamHead.description}
        heading="Organisation not found"
        message="There is no organisation here that you belong to."
        back={{ to: ROUTE_TABLE.sponsorTeams.path, label: 'Your organisations' }}
      />
    );

  const { organisation } = team;
  const me = organisation.role;
  return (
    <PageContainer>
      <PageMeta title={`${organisation.name} team`} description={sponsorTeamHead.description} noindex />
      <PageHeading>{organisation.name}</PageHeading>
      <p>
        <VerifiedTag verifiedAt={organisation.verifiedAt} /> <Tag>You: {me}</Tag> ·{' '}
        <a href={organisation.website} rel="noopener noreferrer">
          {organisation.website}
        </a>
      </p>
      {done && <Notice role="status">{done}</Notice>}
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
      <PanelColumn>
        <Panel aria-labelledby="team-bounties">
          <h2 id="team-bounties">Bounties</h2>
          <p>
            <Link to={LIFECYCLE_PAGES.post(slug)}>
              {organisationMay(me, 'publish') ? 'Post a bounty' : 'Write a bounty draft'}
            </Link>{' '}
            — the same page lists {organisation.name}’s bounties, each with its console.
          </p>
        </Panel>
        <Panel aria-labelledby="team-interview-requests">
          <h2 id="team-interview-requests">Interview requests</h2>
          <p>
            <Link to={teamInterviewRequestsPath(slug)}>The interview requests your team sent</Link>, their
            answers and hires. Send one from a submission in a bounty’s console, or from a talent profile that
            is open to work.
          </p>
        </Panel>
        <Panel aria-labelledby="members">
          <h2 id="members">Members</h2>
          <RowList>
            {team.members.map((member) => (
              <li key={member.id}>
                <p>
                  <strong>{member.name || member.email}</strong> {member.isMe && '(you)'}
                  <br />
                  <small>
                    {member.email} · {member.role}
                  </small>
                </p>
                <MemberControls slug={slug} me={me} member={member} />
              </li>
            ))}
          </RowList>
        </Panel>
        {organisationMay(me, 'manageMembers') && (
          <Panel aria-labelledby="invite">
            <h2 id="invite">Invite someone</h2>
            {team.invitations.length > 0 && (
              <>
                <h3>Waiting for an answer</h3>
                <RowList>
                  {team.invitations.map((invitation) => (
                    <li key={invitation.id}>
                      {invitation.email} · {invitation.role}
                    </li>
                  ))}
                </RowList>
                <h3>New invitation</h3>
              </>
            )}
            <InviteForm slug={slug} me={me} returned={returned} />
          </Panel>
        )}
        {organisationMay(me, 'delete') && (
          <Panel aria-labelledby="delete">
            <h2 id="delete">Delete the organisation</h2>
            <DeleteOrganisation slug={slug} name={organisation.name} />
          </Panel>
        )}
      </PanelColumn>
    </PageContainer>
  );
}
