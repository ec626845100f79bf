import { useId, useState } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@side-quest/data/query';
import {
  Button,
  ChoiceGroup,
  ErrorText,
  FormField,
  Link,
  MutedText,
  Notice,
  Panel,
  StackedForm,
  theme,
  useLocation,
} from '@side-quest/design';
import { fieldErrors } from '@side-quest/design/field-errors';
import { COUNTRIES } from '@side-quest/data/account';
import {
  ACCOUNT_INTERVIEW_REQUESTS_PATH,
  AUDIENCE_LABELS,
  HIRING_DONE_PARAM,
  HIRING_FORMS,
  OPEN_TO_WORK_AUDIENCES,
  OPEN_TO_WORK_FORM_KEY,
  OPEN_TO_WORK_LIMITS,
  WORK_KINDS,
  WORK_KIND_LABELS,
  hiringDoneMessage,
  useHiringSettings,
  type OpenToWork,
  type OpenToWorkFields,
  type OpenToWorkFormReturn,
} from '@side-quest/data/hiring';
import { talentPath } from '@side-quest/data/trust';

/** The interview-request switch, set apart from the availability's forms above it. */
const Requests = styled.div`
  margin-top: ${theme.space(6)};
  padding-top: ${theme.space(4)};
  border-top: 1px solid ${theme.color.border};
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  h3 {
    margin: 0;
  }
  p {
    margin: 0;
  }
`;

const OffForm = styled(StackedForm)`
  margin-top: ${theme.space(3)};
`;

const EMPTY: OpenToWorkFields = {
  kinds: [],
  remote: true,
  countries: [],
  availableFrom: '',
  audience: 'verified-sponsors',
};

function fieldsOf(saved: OpenToWork | null): OpenToWorkFields {
  if (!saved) return EMPTY;
  return { ...saved, availableFrom: saved.availableFrom ?? '' };
}

/**
 * The account page's "Open to work" panel (issue 46 item 1): what work, where, from when and who sees
 * it; a one-click switch-off; and whether verified sponsors may send interview requests at all. Plain
 * form posts: the server answers 303 back here, or 422 with what was typed and what is wrong.
 */
export function OpenToWorkPanel() {
  const id = useId();
  const { search } = useLocation();
  const done = hiringDoneMessage(new URLSearchParams(search).get(HIRING_DONE_PARAM));
  const queryClient = useQueryClient();
  // Read once: a post that came back with problems is shown as sent, until the next post.
  const [returned] = useState(
    () => queryClient.getQueryData<OpenToWorkFormReturn>(OPEN_TO_WORK_FORM_KEY) ?? null,
  );
  const { data: settings, isError } = useHiringSettings();

  const body = () => {
    if (isError || !settings)
      return (
        <ErrorText role="alert">
          Your hiring choices could not be loaded. Reload the page to try again.
        </ErrorText>
      );
    const values = returned?.values ?? fieldsOf(settings.openToWork);
    const errors = returned?.errors ?? {};
    const { describedBy, errorId, message } = fieldErrors(id, errors);

    return (
      <>
        {settings.openToWorkOn && settings.handle ? (
          <p>
            You are shown as open to work on <Link to={talentPath(settings.handle)}>your public profile</Link>
            {settings.openToWork?.audience === 'verified-sponsors'
              ? ", to verified sponsors' owners and admins only."
              : ', to every visitor.'}
          </p>
        ) : (
          <MutedText>
            {settings.hasPublicProfile
              ? 'You are not shown as open to work.'
              : 'Open to work shows on your public profile: make your profile public (above) first.'}
          </MutedText>
        )}
        {returned && (
          <ErrorText role="alert">Some answers need another look: see the messages below.</ErrorText>
        )}
        {message('profile')}
        <StackedForm method="post" action={HIRING_FORMS.openToWork}>
          <ChoiceGroup {...describedBy('kinds')}>
            <legend>Kinds of work</legend>
            {WORK_KINDS.map((kind) => (
              <label key={kind}>
                <input
                  type="checkbox"
                  name="kinds"
                  value={kind}
                  defaultChecked={values.kinds.includes(kind)}
                />
                <span>{WORK_KIND_LABELS[kind]}</span>
              </label>
            ))}
            {message('kinds')}
          </ChoiceGroup>
          <ChoiceGroup>
            <legend>Where</legend>
            <label>
              <input type="checkbox" name="remote" defaultChecked={values.remote} />
              <span>Remote</span>
            </label>
            <FormField>
              <label htmlFor={`${id}-countries`}>Countries (up to {OPEN_TO_WORK_LIMITS.countriesMax})</label>
              <select
                id={`${id}-countries`}
                name="countries"
                multiple
                size={6}
                defaultValue={values.countries}
                {...describedBy('countries')}
              >
                {COUNTRIES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </FormField>
            {message('countries')}
          </ChoiceGroup>
          <FormField>
            <label htmlFor={`${id}-from`}>Available from</label>
            <input
              id={`${id}-from`}
              name="availableFrom"
              type="date"
              defaultValue={values.availableFrom}
              aria-describedby={errors.availableFrom ? errorId('availableFrom') : `${id}-from-hint`}
              aria-invalid={errors.availableFrom ? true : undefined}
            />
            <MutedText id={`${id}-from-hint`}>Leave it empty if you can start now.</MutedText>
            {message('availableFrom')}
          </FormField>
          <ChoiceGroup {...describedBy('audience')}>
            <legend>Who sees it</legend>
            {OPEN_TO_WORK_AUDIENCES.map((audience) => (
              <label key={audience}>
                <input
                  type="radio"
                  name="audience"
                  value={audience}
                  defaultChecked={values.audience === audience}
                />
                <span>{AUDIENCE_LABELS[audience]}</span>
              </label>
            ))}
            {message('audience')}
          </ChoiceGroup>
          <div>
            <Button type="submit">{settings.openToWorkOn ? 'Save' : 'Show me as open to work'}</Button>
          </div>
        </StackedForm>
        {settings.openToWorkOn && (
          <OffForm method="post" action={HIRING_FORMS.openToWorkOff}>
            <div>
              <Button type="submit" $variant="secondary">
                Stop showing me as open to work
              </Button>
            </div>
          </OffForm>
        )}
        <Requests>
          <h3 id={`${id}-requests`}>Interview requests</h3>
          <MutedText>
            {settings.interviewRequestsOn
              ? 'Verified sponsors can ask you for an interview when you entered one of their bounties or are open to work for them. Your e-mail address stays hidden until you accept.'
              : 'Interview requests are off: no sponsor can send you one.'}
          </MutedText>
          <p>
            <Link to={ACCOUNT_INTERVIEW_REQUESTS_PATH}>Your interview requests</Link>: answer them, block an
            organisation, confirm a hire.
          </p>
          <StackedForm
            method="post"
            action={HIRING_FORMS.interviewRequests}
            aria-labelledby={`${id}-requests`}
          >
            <input type="hidden" name="requests" value={settings.interviewRequestsOn ? 'off' : 'on'} />
            <div>
              <Button type="submit" $variant="secondary">
                {settings.interviewRequestsOn ? 'Turn interview requests off' : 'Turn interview requests on'}
              </Button>
            </div>
          </StackedForm>
        </Requests>
      </>
    );
  };

  return (
    <Panel id="open-to-work" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Open to work</h2>
      {done && <Notice role="status">{done}</Notice>}
      {body()}
    </Panel>
  );
}
