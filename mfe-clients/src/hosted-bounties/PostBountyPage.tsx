import { useId, useState } from 'react';
import {
  Button,
  ChoiceGroup,
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
  useParams,
} from '@side-quest/design';
import { fieldErrors } from '@side-quest/design/field-errors';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';
import { ROUTE_TABLE } from '@side-quest/data';
import { BOUNTY_DOMAINS } from '@side-quest/data/forms';
import { COUNTRIES, PAYOUT_METHODS } from '@side-quest/data/account';
import {
  EMPTY_HOSTED_BOUNTY,
  HOSTED_LIMITS,
  LIFECYCLE_FORMS,
  LIFECYCLE_PAGES,
  POST_FORM_RETURN_KEY,
  UNCLAIMED_POLICIES,
  stageLabel,
  usePostForm,
  useReturnedForm,
  type HostedBountyErrors,
  type PostFormData,
  type TestScoredPostFormReturn,
} from '@side-quest/data/lifecycle';

import { postBountyHead } from '@side-quest/data/route-heads';
import { RewardSuggestion } from './RewardSuggestion';
import { PostScoringFields } from './PostScoringFields';

/** Empty prize inputs shown after the typed ones, so a form without JavaScript can add slots. */
const SPARE_PRIZE_INPUTS = 3;

function TeamBounties({ data }: { data: PostFormData }) {
  if (data.bounties.length === 0) return null;
  return (
    <Panel aria-labelledby="team-bounties">
      <h2 id="team-bounties">{data.organisation.name}’s bounties</h2>
      <RowList>
        {data.bounties.map((bounty) => (
          <li key={bounty.id}>
            <Link to={LIFECYCLE_PAGES.console(data.organisation.slug, bounty.id)}>{bounty.title}</Link>
            <Tag>
              {bounty.stage ? stageLabel(bounty.stage) : bounty.state === 'draft' ? 'Draft' : 'Not approved'}
            </Tag>
          </li>
        ))}
      </RowList>
    </Panel>
  );
}

/**
 * /sponsor/:slug/post (members; anyone else gets a 404): the posting form. Members save drafts; admins
 * and owners publish (at once when the organisation is verified, through staff approval otherwise). A
 * plain form post (multipart: an optional scoring setup rides with it); what was typed comes back with
 * the page when something is wrong.
 */
export default function PostBountyPage() {
  const slug = useParams().slug ?? '';
  const id = useId();
  const { data, isPending } = usePostForm(slug);
  const returned = useReturnedForm<TestScoredPostFormReturn>(POST_FORM_RETURN_KEY);
  // The area and skills chosen so far, for the suggested reward (the fields stay the form's own).
  const [chosen, setChosen] = useState<{ domain: string; skills: string[] } | null>(null);

  if (isPending) return <PageLoading blocks={['24rem']} />;
  if (!data)
    return (
      <PageNotFound
        description={postBountyHead.description}
        heading="Organisation not found"
        message="There is no organisation here that you belong to."
        back={{ to: ROUTE_TABLE.sponsorTeams.path, label: 'Your organisations' }}
      />
    );

  const values = returned?.values ?? EMPTY_HOSTED_BOUNTY;
  const suggestionFor = chosen ?? { domain: values.domain || BOUNTY_DOMAINS[0], skills: values.skills };
  const errors = returned?.errors ?? {};
  const field = (name: string) => `${id}-${name}`;
  const { describedBy, errorId, message } = fieldErrors<keyof HostedBountyErrors>(id, errors);
  const prizes = [...values.prizes.filter(Boolean), ...Array<string>(SPARE_PRIZE_INPUTS).fill('')].slice(
    0,
    HOSTED_LIMITS.prizesMax,
  );

  return (
    <PageContainer>
      <PageMeta
        title={`Post a bounty: ${data.organisation.name}`}
        description={postBountyHead.description}
        noindex
      />
      <PanelColumn>
        <div>
          <PageHeading>Post a bounty</PageHeading>
          <p>
            For{' '}
            <Link to={ROUTE_TABLE.sponsorTeam.path.replace(':slug', encodeURIComponent(slug))}>
              {data.organisation.name}
            </Link>
            .{' '}
            {data.organisation.verified
              ? 'Your organisation is verified: a published bounty is public at once.'
              : 'Side Quest staff approve the bounties of organisations not yet verified before they are public.'}
          </p>
        </div>
        {data.paymentOverdue && (
          <Notice role="alert">
            Your organisation owes a winner a payment past its due date. You can save drafts, but not publish,
            until it is settled.
          </Notice>
        )}
        {returned?.problem && <ErrorText role="alert">{returned.problem}</ErrorText>}
        <Panel aria-labelledby={field('heading')}>
          <h2 id={field('heading')}>The challenge</h2>
          <StackedForm method="post" action={LIFECYCLE_FORMS.post(slug)} encType="multipart/form-data">
            <FormField>
              <label htmlFor={field('title')}>Title</label>
              <input
                id={field('title')}
                name="title"
                required
                maxLength={HOSTED_LIMITS.titleMax}
                defaultValue={values.title}
                {...describedBy('title')}
              />
              {message('title')}
            </FormField>
            <FormField>
              <label htmlFor={field('description')}>Description (markdown)</label>
              <textarea
                id={field('description')}
                name="description"
                required
                maxLength={HOSTED_LIMITS.descriptionMax}
                defaultValue={values.description}
                {...describedBy('description')}
              />
              {message('description')}
            </FormField>
            <FormField>
              <label htmlFor={field('domain')}>Domain</label>
              <select
                id={field('domain')}
                name="domain"
                defaultValue={values.domain}
                onChange={(event) => setChosen({ ...suggestionFor, domain: event.target.value })}
                {...describedBy('domain')}
              >
                {BOUNTY_DOMAINS.map((domain) => (
                  <option key={domain}>{domain}</option>
                ))}
              </select>
              {message('domain')}
            </FormField>
            <FormField>
              <label htmlFor={field('skills')}>Skills (up to {HOSTED_LIMITS.skillsMax})</label>
              <select
                id={field('skills')}
                name="skills"
                multiple
                size={6}
                defaultValue={values.skills}
                onChange={(event) =>
                  setChosen({
                    ...suggestionFor,
                    skills: [...event.target.selectedOptions].map((option) => option.value),
                  })
                }
                {...describedBy('skills')}
              >
                {data.skillOptions.map((skill) => (
                  <option key={skill}>{skill}</option>
                ))}
              </select>
              {message('skills')}
            </FormField>
            <FormField>
              <label htmlFor={field('criteria')}>Acceptance criteria, one per line</label>
              <textarea
                id={field('criteria')}
                name="criteria"
                required
                defaultValue={values.criteria.join('\n')}
                {...describedBy('criteria')}
              />
              <MutedText>
                Judging scores each one from 0 to 5; talent answers each one. Up to{' '}
                {HOSTED_LIMITS.criteriaMax}.
              </MutedText>
              {message('criteria')}
            </FormField>
            <RewardSuggestion domain={suggestionFor.domain} skills={suggestionFor.skills} />
            <ChoiceGroup>
              <legend>Prize slots (US dollars): the reward shown is their sum</legend>
              {prizes.map((prize, index) => (
                <FormField key={index}>
                  <label htmlFor={field(`prize-${index}`)}>Prize {index + 1}</label>
                  <input
                    id={field(`prize-${index}`)}
                    name="prizes"
                    inputMode="numeric"
                    required={index === 0}
                    defaultValue={prize}
                    {...describedBy('prizes')}
                  />
                </FormField>
              ))}
              {message('prizes')}
            </ChoiceGroup>
            <FormField>
              <label htmlFor={field('submissionDeadline')}>Submission deadline (UTC)</label>
              <input
                id={field('submissionDeadline')}
                name="submissionDeadline"
                type="datetime-local"
                required
                defaultValue={values.submissionDeadline}
                {...describedBy('submissionDeadline')}
              />
              <MutedText>
                Shown to everyone in their own time zone. At least {HOSTED_LIMITS.minLeadHours} hours from
                now.
              </MutedText>
              {message('submissionDeadline')}
            </FormField>
            <FormField>
              <label htmlFor={field('judgingDays')}>Days to judge after the deadline</label>
              <input
                id={field('judgingDays')}
                name="judgingDays"
                inputMode="numeric"
                defaultValue={values.judgingDays}
                {...describedBy('judgingDays')}
              />
              {message('judgingDays')}
            </FormField>
            <FormField>
              <label htmlFor={field('paymentDueDays')}>Days to pay after announcing winners</label>
              <input
                id={field('paymentDueDays')}
                name="paymentDueDays"
                inputMode="numeric"
                defaultValue={values.paymentDueDays}
                {...describedBy('paymentDueDays')}
              />
              {message('paymentDueDays')}
            </FormField>
            <FormField>
              <label htmlFor={field('eligibleCountries')}>Eligible countries (none chosen: everywhere)</label>
              <select
                id={field('eligibleCountries')}
                name="eligibleCountries"
                multiple
                size={6}
                defaultValue={values.eligibleCountries}
                {...describedBy('eligibleCountries')}
              >
                {COUNTRIES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
              {message('eligibleCountries')}
            </FormField>
            <ChoiceGroup aria-describedby={errors.payoutMethods ? errorId('payoutMethods') : undefined}>
              <legend>How you pay winners</legend>
              {PAYOUT_METHODS.map(([method, label]) => (
                <label key={method}>
                  <input
                    type="checkbox"
                    name="payoutMethods"
                    value={method}
                    defaultChecked={values.payoutMethods.includes(method)}
                  />{' '}
                  {label}
                </label>
              ))}
              {message('payoutMethods')}
            </ChoiceGroup>
            <ChoiceGroup>
              <legend>Prize money no winner earns is</legend>
              {UNCLAIMED_POLICIES.map(([policy, label]) => (
                <label key={policy}>
                  <input
                    type="radio"
                    name="unclaimed"
                    value={policy}
                    defaultChecked={values.unclaimed === policy}
                  />{' '}
                  {label}
                </label>
              ))}
              {message('unclaimed')}
            </ChoiceGroup>
            <PostScoringFields
              idPrefix={field('scoring')}
              testRuntimes={data.testRuntimes}
              returned={returned}
            />
            <div>
              {data.mayPublish && (
                <Button type="submit" name="intent" value="publish" disabled={data.paymentOverdue}>
                  {data.organisation.verified ? 'Publish bounty' : 'Send for approval'}
                </Button>
              )}{' '}
              <Button type="submit" name="intent" value="draft" $variant="secondary">
                Save draft
              </Button>
            </div>
          </StackedForm>
        </Panel>
        <TeamBounties data={data} />
      </PanelColumn>
    </PageContainer>
  );
}
