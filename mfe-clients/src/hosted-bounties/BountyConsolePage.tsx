import styled from 'styled-components';
import {
  Link,
  LocalTime,
  MutedText,
  Notice,
  PageContainer,
  PageHeading,
  PageMeta,
  Panel,
  PanelColumn,
  RowList,
  Tag,
  useLocation,
  useParams,
  theme,
} from '@side-quest/design';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';

import { ROUTE_TABLE } from '@side-quest/data';
import {
  CONSOLE_FORM_RETURN_KEY,
  lifecycleDoneMessage,
  overdueLabel,
  stageLabel,
  useBountyConsole,
  useReturnedForm,
  type ConsoleFormReturn,
} from '@side-quest/data/lifecycle';
import { bountyConsoleHead } from '@side-quest/data/route-heads';
import { AnnounceForm, EndForm } from './ConsoleJudging';
import { WinnersPanel } from './ConsolePayments';
import { PublishPanel } from './ConsolePosting';
import { ScoringPanel } from './ConsoleScoring';
import { TestScoringPanel } from './ConsoleTestScoring';
import { SubmissionsPanel } from './ConsoleSubmissions';

const Danger = styled.p`
  color: ${theme.color.danger};
  font-weight: 700;
`;

/**
 * /sponsor/:slug/bounties/:id (members of the organisation; anyone else gets a 404): one bounty's
 * console — submissions sorted by total score with labels, scores, private notes and rejection;
 * announcing winners; recording payments and seeing the winners' answers; ending with a public reason;
 * and the audit log. Every control is a plain form post. Each phase's part is a component beside this
 * page: ConsolePosting, ConsoleSubmissions, ConsoleJudging, ConsolePayments.
 */
export default function BountyConsolePage() {
  const params = useParams();
  const slug = params.slug ?? '';
  const bountyId = params.id ?? '';
  const { search } = useLocation();
  const done = lifecycleDoneMessage(new URLSearchParams(search).get('done'));
  const { data, isPending } = useBountyConsole(slug, bountyId);
  const returned = useReturnedForm<ConsoleFormReturn>(CONSOLE_FORM_RETURN_KEY);

  if (isPending) return <PageLoading blocks={['24rem']} />;
  if (!data)
    return (
      <PageNotFound
        description={bountyConsoleHead.description}
        heading="Bounty not found"
        message="There is no bounty here that your team runs."
        back={{ to: ROUTE_TABLE.sponsorTeams.path, label: 'Your organisations' }}
      />
    );

  const { bounty } = data;
  const isDraft = bounty.state === 'draft' || bounty.state === 'rejected';
  const mayEnd = data.may.cancel && ['draft', 'pending', 'rejected', 'open'].includes(bounty.state);
  const mayAnnounce = data.may.award && bounty.stage === 'judging';
  return (
    <PageContainer>
      <PageMeta title={`${bounty.title}: console`} description={bountyConsoleHead.description} noindex />
      <PanelColumn>
        <div>
          <PageHeading>{bounty.title}</PageHeading>
          <p>
            <Tag>
              {bounty.stage ? stageLabel(bounty.stage) : bounty.state === 'draft' ? 'Draft' : 'Not approved'}
            </Tag>{' '}
            <Link to={ROUTE_TABLE.sponsorTeam.path.replace(':slug', encodeURIComponent(slug))}>
              {data.organisation.name}
            </Link>
            {bounty.stage && bounty.stage !== 'pending' && (
              <>
                {' '}
                ·{' '}
                <Link to={ROUTE_TABLE.bountyDetail.path.replace(':id', encodeURIComponent(bounty.id))}>
                  Public page
                </Link>
              </>
            )}
          </p>
          <p>
            Submissions close <LocalTime iso={bounty.submissionDeadline} />; judging by{' '}
            <LocalTime iso={bounty.judgingDeadline} />; payment due {bounty.paymentDueDays} days after the
            announcement.
          </p>
          {bounty.overdue && <Danger role="alert">{overdueLabel(bounty.overdue)}</Danger>}
          {bounty.demo && (
            <MutedText>
              Demo data: this bounty and its history were made up to show how Side Quest works.
            </MutedText>
          )}
        </div>
        {done && <Notice role="status">{done}</Notice>}
        {bounty.state === 'rejected' && bounty.stateReason && (
          <Notice role="status">Staff did not approve it: {bounty.stateReason}</Notice>
        )}
        {isDraft && data.may.publish && <PublishPanel slug={slug} bountyId={bounty.id} returned={returned} />}
        <ScoringPanel slug={slug} bountyId={bounty.id} />
        <TestScoringPanel slug={slug} bountyId={bounty.id} />
        <SubmissionsPanel data={data} returned={returned} />
        {mayAnnounce && <AnnounceForm data={data} returned={returned} />}
        {data.winners.length > 0 && <WinnersPanel data={data} returned={returned} />}
        {mayEnd && <EndForm data={data} returned={returned} />}
        {data.audit.length > 0 && (
          <Panel aria-labelledby="audit-heading">
            <h2 id="audit-heading">History</h2>
            <RowList>
              {data.audit.map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  <span>
                    <LocalTime iso={entry.at} /> — {entry.actor} {entry.summary}
                  </span>
                </li>
              ))}
            </RowList>
          </Panel>
        )}
      </PanelColumn>
    </PageContainer>
  );
}
