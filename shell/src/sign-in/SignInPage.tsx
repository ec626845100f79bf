import { useId } from 'react';
import styled from 'styled-components';
import {
  ButtonLink,
  MutedText,
  PageContainer,
  PageHeading,
  PageMeta,
  Panel,
  useLocation,
  theme,
} from '@side-quest/design';
import { ROUTE_TABLE } from '@side-quest/data';
import {
  NEXT_PARAM,
  SIGN_IN_CODE_STEP,
  SIGN_IN_ERROR_PARAM,
  SIGN_IN_STEP_PARAM,
  safeNextPath,
  useViewer,
  viewerLabel,
} from '@side-quest/data/account';
import { signInHead } from '@side-quest/data/route-heads';
import { EmailCodeForm } from './EmailCodeForm';
import { PasskeySignIn } from './PasskeySignIn';
import { SignOutButton } from './SignOutButton';

const Narrow = styled.div`
  max-width: 30rem;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(8)};
  h2 {
    font-size: 1.15rem;
    margin-bottom: ${theme.space(2)};
  }
`;

/**
 * /sign-in: an e-mailed code (which also creates the account) or a passkey. Server-rendered; the code
 * forms are plain posts, so the page works before and without JavaScript. `?next=` names a same-site
 * page to return to; anything else is ignored.
 */
export function SignInPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const next = safeNextPath(params.get(NEXT_PARAM));
  const step = params.get(SIGN_IN_STEP_PARAM) === SIGN_IN_CODE_STEP ? 'code' : 'email';
  const viewer = useViewer();
  const emailHeading = useId();
  const passkeyHeading = useId();

  return (
    <PageContainer>
      <PageMeta {...signInHead} noindex />
      <Narrow>
        <div>
          <PageHeading>Sign in</PageHeading>
          <MutedText>
            Take part in bounties, post challenges for your team and keep your proof of competence.
          </MutedText>
        </div>
        {viewer ? (
          <Panel aria-label="Signed in">
            <p>
              You are signed in as <strong>{viewerLabel(viewer)}</strong>.
            </p>
            <ButtonLink to={next === '/' ? ROUTE_TABLE.account.path : next}>Continue</ButtonLink>{' '}
            <SignOutButton />
          </Panel>
        ) : (
          <>
            <Panel aria-labelledby={emailHeading}>
              <h2 id={emailHeading}>With an e-mailed code</h2>
              <EmailCodeForm step={step} error={params.get(SIGN_IN_ERROR_PARAM)} next={next} />
            </Panel>
            <Panel as="div">
              <PasskeySignIn next={next} headingId={passkeyHeading} />
            </Panel>
          </>
        )}
      </Narrow>
    </PageContainer>
  );
}
