import { TagList } from './TagList';
import { memo, useId } from 'react';
import { Link, theme } from '@side-quest/design';
import styled from 'styled-components';
import { BreakableText, Card, Tag, laidOutNearViewport } from '@side-quest/design';
import type { Bounty } from '@side-quest/data';
import { LEADERBOARD_PAGES } from '@side-quest/data/lifecycle';
import {
  NO_DESCRIPTION,
  UNKNOWN_PLATFORM,
  UNTITLED_BOUNTY,
  formatDeadline,
  formatReward,
} from './bountyFormat';
import { BountyStatus } from './BountyStatus';
import { SaveBountyButton } from './SaveBountyButton';
import { CardStage } from './HostedStage';
import { SponsorTrustLine } from './SponsorTrustLine';

/** Cards show at most this many skill tags, then an ellipsis tag (mfe-bounties/README.md, "Cards"). */
export const CARD_TAG_LIMIT = 3;

const CardTop = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${theme.space(3)};
`;

const Title = styled.h2`
  font-size: 1.15rem;
  margin: 0;
  font-family: ${theme.font.mono};
`;

const Platform = styled.p`
  margin: 0;
  color: ${theme.color.textMuted};
  font-size: 0.9rem;
`;

export const RewardBadge = styled.span`
  flex-shrink: 0;
  padding: 0.2rem 0.6rem;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.accentMuted};
  color: ${theme.color.accent};
  font-family: ${theme.font.mono};
  font-weight: 700;
  white-space: nowrap;
`;

/** Descriptions are clamped to 3 lines (mfe-bounties/README.md, "Cards"). */
export const ClampedText = styled.p`
  margin: 0;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  line-clamp: 3;
  overflow: hidden;
`;

const Deadline = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${theme.color.textMuted};
`;

export const DetailsLink = styled(Link)`
  margin-top: auto;
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  font-family: ${theme.font.mono};
  font-weight: 700;
`;

export interface BountyCardProps {
  bounty: Bounty;
  /** h2 on the list page; h3 where the card sits under a section heading (landing, detail page). */
  headingLevel?: 'h2' | 'h3';
}

/** A scored bounty's leaderboard, on its own line above the footer. */
const BoardLink = styled(Link)`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  font-family: ${theme.font.mono};
`;

/** The card's last row: 'Details →' and the Save toggle, at the bottom of however tall the card is. */
const CardFooter = styled.div`
  margin-top: auto;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(2)};
`;

/**
 * One bounty in a grid: title, platform, reward, summary, deadline, status and time left, skills,
 * 'Details →' and Save.
 */
export const BountyCard = memo(function BountyCard({ bounty, headingLevel = 'h2' }: BountyCardProps) {
  const titleId = useId();
  const reward = formatReward(bounty.reward_amount);
  const shownTags = bounty.skill_tags.slice(0, CARD_TAG_LIMIT);
  const hiddenTagCount = bounty.skill_tags.length - shownTags.length;
  return (
    <Card data-testid="bounty-card">
      <CardTop>
        <div>
          <Title as={headingLevel} id={titleId}>
            {bounty.item_title || UNTITLED_BOUNTY}
          </Title>
          <Platform>{bounty.platform_name || UNKNOWN_PLATFORM}</Platform>
        </div>
        {reward && <RewardBadge>{reward}</RewardBadge>}
      </CardTop>
      <ClampedText>
        <BreakableText text={bounty.summary_description || NO_DESCRIPTION} />
      </ClampedText>
      <Deadline>
        {bounty.deadline.trim() ? `Deadline: ${formatDeadline(bounty.deadline)}` : formatDeadline('')}
      </Deadline>
      <BountyStatus deadline={bounty.deadline} repeatsNoDeadline={false} />
      {bounty.hosted && <CardStage hosted={bounty.hosted} />}
      {bounty.hosted && <SponsorTrustLine sponsor={bounty.hosted.sponsor} />}
      {bounty.hosted?.scored && (
        <BoardLink to={LEADERBOARD_PAGES.page(bounty.id)} aria-describedby={titleId}>
          Leaderboard
        </BoardLink>
      )}
      {shownTags.length > 0 && (
        <TagList aria-label="Skills">
          {shownTags.map((tag) => (
            <li key={tag}>
              <Tag>{tag}</Tag>
            </li>
          ))}
          {hiddenTagCount > 0 && (
            <li>
              <Tag title={`${hiddenTagCount} more`} data-testid="more-skills">
                ...
              </Tag>
              <span className="visually-hidden">and {hiddenTagCount} more</span>
            </li>
          )}
        </TagList>
      )}
      <CardFooter>
        <DetailsLink to={`/bounty/${encodeURIComponent(bounty.id)}`} aria-describedby={titleId}>
          Details →
        </DetailsLink>
        <SaveBountyButton bountyId={bounty.id} describedBy={titleId} />
      </CardFooter>
    </Card>
  );
});

/** The responsive grid the cards sit in: one column on phones, two on tablets, three on desktops. */
export const CardGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(4)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: ${theme.breakpoint.large}) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  > li {
    display: flex;
    min-width: 0;
    /* A list of bounties is many screens long: its text shaping was most of the page's first layout. */
    ${laidOutNearViewport('380px')}
  }
  > li > * {
    flex: 1;
  }
`;
