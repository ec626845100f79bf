import styled from 'styled-components';
import { BreakableText, Card, laidOutNearViewport, theme } from '@side-quest/design';
import type { Bounty } from '@side-quest/data';
import { ClampedText, CardGrid, DetailsLink, RewardBadge } from '../common/BountyCard';
import { NO_DEADLINE, UNTITLED_BOUNTY, formatDeadline, formatReward } from '../common/bountyFormat';

const Section = styled.section`
  margin-top: ${theme.space(12)};
  /* The end of the page: laid out when it nears the viewport (one column of cards on a phone, three wide). */
  ${laidOutNearViewport({ phone: '1080px', medium: '690px', large: '360px' })}
  h2 {
    font-size: 1.3rem;
  }
  h3 {
    font-size: 1.05rem;
    margin: 0;
    font-family: ${theme.font.mono};
  }
`;

const Muted = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${theme.color.textMuted};
`;

/** SIMILAR_BOUNTIES: compact cards with their own fallbacks ('Unknown', 'No description available'). */
export function SimilarBounties({ bounties }: { bounties: readonly Bounty[] }) {
  return (
    <Section aria-labelledby="similar-bounties">
      <h2 id="similar-bounties">SIMILAR_BOUNTIES</h2>
      <CardGrid>
        {bounties.map((bounty) => {
          const reward = formatReward(bounty.reward_amount);
          const titleId = `similar-${bounty.id}`;
          return (
            <li key={bounty.id}>
              <Card data-testid="similar-bounty">
                <h3 id={titleId}>{bounty.item_title.trim() || UNTITLED_BOUNTY}</h3>
                <Muted>{bounty.platform_name.trim() || 'Unknown'}</Muted>
                {reward && <RewardBadge style={{ alignSelf: 'flex-start' }}>{reward}</RewardBadge>}
                <ClampedText>
                  <BreakableText text={bounty.summary_description.trim() || 'No description available'} />
                </ClampedText>
                <Muted>
                  {bounty.deadline.trim() ? `Deadline: ${formatDeadline(bounty.deadline)}` : NO_DEADLINE}
                </Muted>
                <DetailsLink to={`/bounty/${encodeURIComponent(bounty.id)}`} aria-describedby={titleId}>
                  Details →
                </DetailsLink>
              </Card>
            </li>
          );
        })}
      </CardGrid>
    </Section>
  );
}
