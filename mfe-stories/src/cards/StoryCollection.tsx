import type { UseQueryResult } from '@side-quest/data/query';
import styled from 'styled-components';
import { ErrorText, MutedText, Skeleton, media, theme } from '@side-quest/design';
import type { Story } from '../content/story';
import { StoryCard } from './StoryCard';
import { LOADING_CARD_COUNT } from './storyCardRules';

export const StoryGrid = styled.div`
  display: grid;
  gap: ${theme.space(6)};
  grid-template-columns: minmax(0, 1fr);
  margin-top: ${theme.space(8)};
  ${media.medium} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.large} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const PlaceholderCard = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  padding-bottom: ${theme.space(5)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  overflow: hidden;
  > :not(:first-child) {
    margin: 0 ${theme.space(5)};
  }
`;

const StatePanel = styled.section`
  margin-top: ${theme.space(8)};
  padding: ${theme.space(8)} ${theme.space(5)};
  text-align: center;
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.large};
  h2 {
    font-size: 1.35rem;
  }
  p {
    margin: 0 auto;
    max-width: 46ch;
  }
`;

function LoadingCards() {
  return (
    <StoryGrid aria-busy="true" aria-label="Loading stories" data-testid="story-placeholders">
      {Array.from({ length: LOADING_CARD_COUNT }, (_, index) => (
        <PlaceholderCard key={index} data-testid="story-placeholder">
          <Skeleton $height="auto" style={{ aspectRatio: '16 / 9', borderRadius: 0 }} />
          <Skeleton $height="0.8rem" $width="35%" />
          <Skeleton $height="1.4rem" $width="85%" />
          <Skeleton $height="1rem" $width="60%" />
          <Skeleton $height="1rem" />
          <Skeleton $height="1rem" $width="90%" />
        </PlaceholderCard>
      ))}
    </StoryGrid>
  );
}

/**
 * The stories states shared by /blog and /blog/all (mfe-stories/README.md, "List"): loading
 * placeholders, the failure with its error, the empty message, or the grid of cards.
 */
export function StoryCollection({
  result,
  select = (stories) => stories,
}: {
  result: UseQueryResult<Story[]>;
  /** Which of the loaded stories to show. */
  select?: (stories: Story[]) => Story[];
}) {
  if (result.isPending) return <LoadingCards />;
  if (result.isError) {
    return (
      <StatePanel role="alert">
        <h2>Failed to load stories</h2>
        <ErrorText>{result.error.message}</ErrorText>
      </StatePanel>
    );
  }
  if (result.data.length === 0) {
    return (
      <StatePanel>
        <h2>No stories yet</h2>
        <MutedText>Check back soon for inspiring success stories from the community.</MutedText>
      </StatePanel>
    );
  }
  return (
    <StoryGrid>
      {select(result.data).map((story) => (
        <StoryCard key={story.id} story={story} />
      ))}
    </StoryGrid>
  );
}
