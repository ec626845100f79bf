import { useState } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@side-quest/data/query';
import {
  Button,
  ErrorText,
  Link,
  MutedText,
  Notice,
  PageContainer,
  PageHeading,
  PageMeta,
  Panel,
  PanelColumn,
  RowList,
  Skeleton,
  Tag,
  useLocation,
} from '@side-quest/design';
import {
  ORGANISATION_FORMS,
  ORGANISATION_FORM_KEY,
  organisationDoneMessage,
  useMyOrganisations,
  type OrganisationFormReturn,
} from '@side-quest/data/account';
import { sponsorTeamsHead } from '@side-quest/data/route-heads';
import { CreateOrganisationForm } from './CreateOrganisationForm';
import { VerifiedTag } from './VerifiedTag';

const LogoRows = styled(RowList)`
  > li {
    justify-content: flex-start;
  }
  img {
    width: 40px;
    height: 40px;
    object-fit: contain;
    border-radius: 6px;
    background: #fff;
  }
`;

/**
 * /sponsor (signed in): the sponsor organisations the person belongs to, invitations to their address,
 * and a new organisation. Server-rendered with their data; every form is a plain post.
 */
export default function SponsorTeamsPage() {
  const { search } = useLocation();
  const done = organisationDoneMessage(new URLSearchParams(search).get('done'));
  const queryClient = useQueryClient();
  const [returned] = useState(
    () => queryClient.getQueryData<OrganisationFormReturn>(ORGANISATION_FORM_KEY) ?? null,
  );
  const { data, isPending } = useMyOrganisations();

  return (
    <PageContainer>
      <PageMeta {...sponsorTeamsHead} noindex />
      <PageHeading>Your sponsor organisations</PageHeading>
      {done && <Notice role="status">{done}</Notice>}
      {isPending ? (
        <Skeleton $height="12rem" />
      ) : !data ? (
        <ErrorText role="alert">
          Your organisations could not be loaded. Reload the page to try again.
        </ErrorText>
      ) : (
        <PanelColumn>
          {data.invitations.length > 0 && (
            <Panel aria-labelledby="invitations">
              <h2 id="invitations">Invitations</h2>
              <LogoRows>
                {data.invitations.map((invitation) => (
                  <li key={invitation.id}>
                    <span>
                      <strong>{invitation.organisationName}</strong> invites you as {invitation.role}.
                    </span>
                    {(['accept', 'decline'] as const).map((answer) => (
                      <form key={answer} method="post" action={ORGANISATION_FORMS.answerInvitation}>
                        <input type="hidden" name="invitationId" value={invitation.id} />
                        <input type="hidden" name="answer" value={answer} />
                        <Button type="submit" $variant={answer === 'accept' ? 'primary' : 'ghost'}>
                          {answer === 'accept' ? `Join ${invitation.organisationName}` : 'Decline'}
                        </Button>
                      </form>
                    ))}
                  </li>
                ))}
              </LogoRows>
            </Panel>
          )}
          <Panel aria-labelledby="mine">
            <h2 id="mine">Organisations</h2>
            {data.organisations.length === 0 ? (
              <MutedText>
                You are not in a sponsor organisation yet. Create one below, or ask a team to invite you.
              </MutedText>
            ) : (
              <LogoRows>
                {data.organisations.map((organisation) => (
                  <li key={organisation.id}>
                    {organisation.logoUrl && <img src={organisation.logoUrl} alt="" width={40} height={40} />}
                    <Link to={`/sponsor/${encodeURIComponent(organisation.slug)}`}>{organisation.name}</Link>
                    <Tag>{organisation.role}</Tag>
                    <VerifiedTag verifiedAt={organisation.verifiedAt} />
                  </li>
                ))}
              </LogoRows>
            )}
          </Panel>
          <Panel aria-labelledby="create">
            <h2 id="create">Create an organisation</h2>
            <CreateOrganisationForm returned={returned} />
          </Panel>
        </PanelColumn>
      )}
    </PageContainer>
  );
}
