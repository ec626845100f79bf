import { useState } from 'react';
import { useQueryClient } from '@side-quest/data/query';
import {
  ButtonLink,
  ErrorText,
  MutedText,
  Notice,
  PageContainer,
  Panel,
  PanelColumn,
  PageHeading,
  PageMeta,
  Skeleton,
  useLocation,
} from '@side-quest/design';
import { ROUTE_TABLE, formatUtcDate } from '@side-quest/data';
import {
  ACCOUNT_DONE_PARAM,
  PROFILE_FORM_KEY,
  DELETE_FORM_KEY,
  accountDoneMessage,
  useAccountOverview,
  type ProfileFormReturn,
} from '@side-quest/data/account';
import { accountHead } from '@side-quest/data/route-heads';
import { MailPreferences } from './MailPreferences';
import { ProfileForm } from './ProfileForm';
import { OpenToWorkPanel } from './OpenToWorkPanel';
import { SignInMethods } from './SignInMethods';
import { YourData } from './YourData';

/**
 * /account (signed in only; the server sends anyone else to sign in): profile, sign-in methods and
 * sessions, submissions. Every form here is a plain post, so the page works before and without JavaScript;
 * the server renders it with the person's data.
 */
export function AccountPage() {
  const { search } = useLocation();
  const done = accountDoneMessage(new URLSearchParams(search).get(ACCOUNT_DONE_PARAM));
  const queryClient = useQueryClient();
  // Read once: a post that came back with problems is shown as sent, until the next post.
  const [returned] = useState(() => queryClient.getQueryData<ProfileFormReturn>(PROFILE_FORM_KEY) ?? null);
  const [deleteError] = useState(() => queryClient.getQueryData<string>(DELETE_FORM_KEY) ?? null);
  const { data: overview, isPending, isError } = useAccountOverview();

  return (
    <PageContainer>
      <PageMeta {...accountHead} noindex />
      <PageHeading>Your account</PageHeading>
      {done && <Notice role="status">{done}</Notice>}
      {isPending ? (
        <PanelColumn aria-busy="true">
          <Skeleton $height="18rem" />
          <Skeleton $height="12rem" />
        </PanelColumn>
      ) : isError || !overview ? (
        <ErrorText role="alert">Your account could not be loaded. Reload the page to try again.</ErrorText>
      ) : (
        <PanelColumn>
          <MutedText>
            Signed in as {overview.email} · member since{' '}
            {formatUtcDate(Date.parse(overview.memberSince), 'long')}
          </MutedText>
          <Panel aria-labelledby="profile">
            <h2 id="profile">Profile</h2>
            {returned && (
              <ErrorText role="alert">Some answers need another look: see the messages below.</ErrorText>
            )}
            <ProfileForm
              profile={overview.profile}
              skillOptions={overview.skillOptions}
              returned={returned}
            />
          </Panel>
          <OpenToWorkPanel />
          <Panel aria-labelledby="sign-in-methods">
            <h2 id="sign-in-methods">Sign-in and sessions</h2>
            <SignInMethods overview={overview} />
          </Panel>
          <Panel id="submissions" aria-labelledby="submissions-heading">
            <h2 id="submissions-heading">My submissions</h2>
            <MutedText>
              Your submissions to bounties hosted on Side Quest, their state, your prizes and their payments,
              and which e-mails about them you get.
            </MutedText>
            <ButtonLink to={ROUTE_TABLE.mySubmissions.path} $variant="secondary">
              My submissions and e-mails
            </ButtonLink>
          </Panel>
          <Panel id="mail" aria-labelledby="mail-heading">
            <h2 id="mail-heading">E-mails</h2>
            <MailPreferences />
          </Panel>
          <Panel aria-labelledby="your-data">
            <h2 id="your-data">Your data</h2>
            <YourData deleteError={deleteError} />
          </Panel>
        </PanelColumn>
      )}
    </PageContainer>
  );
}
