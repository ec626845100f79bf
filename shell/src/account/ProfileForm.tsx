import { useId } from 'react';
import styled from 'styled-components';
import { Button, ChoiceGroup, FormField, MutedText, StackedForm, theme } from '@side-quest/design';
import { fieldErrors } from '@side-quest/design/field-errors';
import {
  ACCOUNT_FORMS,
  COUNTRIES,
  PAYOUT_METHODS,
  PROFILE_LIMITS,
  type Profile,
  type ProfileErrors,
  type ProfileFields,
} from '@side-quest/data/account';

const Skills = styled.fieldset`
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  padding: ${theme.space(3)};
  margin: 0;
  legend {
    font-family: ${theme.font.mono};
    font-size: 0.85rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    padding: 0 0.25rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
    gap: 0.25rem 1rem;
    max-height: 16rem;
    overflow-y: auto;
  }
  label {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    min-height: 36px;
  }
`;

function fieldsOf(profile: Profile): ProfileFields {
  return {
    name: profile.name,
    handle: profile.handle ?? '',
    skills: profile.skills,
    country: profile.country ?? '',
    payoutMethod: profile.payoutMethod ?? '',
    profilePublic: profile.profilePublic,
    showEarnings: profile.showEarnings,
  };
}

/**
 * The profile: display name, handle, skills from the ones bounties use, country and payout method from
 * fixed lists (the method only; no account numbers). A plain form post: the server saves it and comes
 * back, or sends the page back (422) with what was typed and what is wrong.
 */
export function ProfileForm({
  profile,
  skillOptions,
  returned,
}: {
  profile: Profile;
  skillOptions: string[];
  /** What a post that came back with problems held. */
  returned?: { values: ProfileFields; errors: ProfileErrors } | null;
}) {
  const id = useId();
  const values = returned?.values ?? fieldsOf(profile);
  const errors = returned?.errors ?? {};
  const chosen = new Set(values.skills);
  const { describedBy, errorId, message } = fieldErrors(id, errors);

  return (
    <StackedForm method="post" action={ACCOUNT_FORMS.profile}>
      <FormField>
        <label htmlFor={`${id}-name`}>Display name</label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          maxLength={PROFILE_LIMITS.nameMax}
          defaultValue={values.name}
          required
          {...describedBy('name')}
        />
        {message('name')}
      </FormField>
      <FormField>
        <label htmlFor={`${id}-handle`}>Handle</label>
        <input
          id={`${id}-handle`}
          name="handle"
          autoComplete="username"
          maxLength={PROFILE_LIMITS.handleMax}
          defaultValue={values.handle}
          aria-describedby={errors.handle ? errorId('handle') : `${id}-handle-hint`}
          aria-invalid={errors.handle ? true : undefined}
        />
        <MutedText id={`${id}-handle-hint`}>
          Lowercase letters, digits and dashes. It will name your public profile page.
        </MutedText>
        {message('handle')}
      </FormField>
      <Skills aria-describedby={errors.skills ? errorId('skills') : undefined}>
        <legend>Skills</legend>
        {skillOptions.length === 0 ? (
          <MutedText>The skill list cannot be read right now.</MutedText>
        ) : (
          <ul>
            {skillOptions.map((skill) => (
              <li key={skill}>
                <label>
                  <input type="checkbox" name="skills" value={skill} defaultChecked={chosen.has(skill)} />
                  {skill}
                </label>
              </li>
            ))}
          </ul>
        )}
        {message('skills')}
      </Skills>
      <FormField>
        <label htmlFor={`${id}-country`}>Country</label>
        <select id={`${id}-country`} name="country" defaultValue={values.country} {...describedBy('country')}>
          <option value="">Not set</option>
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {message('country')}
      </FormField>
      <FormField>
        <label htmlFor={`${id}-payout`}>Payout method</label>
        <select
          id={`${id}-payout`}
          name="payoutMethod"
          defaultValue={values.payoutMethod}
          {...describedBy('payoutMethod')}
        >
          <option value="">Not set</option>
          {PAYOUT_METHODS.map(([method, label]) => (
            <option key={method} value={method}>
              {label}
            </option>
          ))}
        </select>
        {message('payoutMethod')}
      </FormField>
      <ChoiceGroup aria-describedby={errors.profilePublic ? errorId('profilePublic') : undefined}>
        <legend>Public profile</legend>
        <label>
          <input
            type="checkbox"
            name="profilePublic"
            defaultChecked={values.profilePublic}
            aria-invalid={errors.profilePublic ? true : undefined}
          />
          <span>
            Make my profile public: a page at /talent/your-handle with the bounties you won, the skills they
            prove, how many solutions you submitted and since when you are a member.
          </span>
        </label>
        {message('profilePublic')}
        <label>
          <input type="checkbox" name="showEarnings" defaultChecked={values.showEarnings} />
          <span>Show my earnings on it: the prizes I won and how much of them was paid.</span>
        </label>
      </ChoiceGroup>
      <MutedText>
        Country and payout method let a bounty tell you before you start whether you can be paid for it. We
        never ask for account numbers here.
      </MutedText>
      <div>
        <Button type="submit">Save profile</Button>
      </div>
    </StackedForm>
  );
}
