import { useId } from 'react';
import { Link, theme } from '@side-quest/design';
import styled from 'styled-components';
import type { Story } from '../content/story';
import { cardImageUrl, formatPublishedDate, provedCompetenceLine } from './storyCardRules';

const CardShell = styled.article`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow: hidden;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  transition: border-color 0.15s ease;
  &:hover,
  &:focus-within {
    border-color: ${theme.color.accent};
  }
`;

const Picture = styled.div`
  aspect-ratio: 16 / 9;
  background: linear-gradient(135deg, ${theme.color.accentMuted}, ${theme.color.surfaceRaised});
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${theme.space(2)};
  padding: ${theme.space(5)};
`;

const Published = styled.time`
  color: ${theme.color.textMuted};
  font-family: ${theme.font.mono};
  font-size: 0.8rem;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const Title = styled.h2`
  margin: 0;
  font-family: ${theme.font.body};
  font-size: 1.25rem;
  letter-spacing: 0;
  line-height: 1.3;
`;

const Skills = styled.p`
  margin: 0;
  color: ${theme.color.accent};
  font-size: 0.9rem;
  font-weight: 600;
`;

const Excerpt = styled.p`
  margin: 0;
  color: ${theme.color.textMuted};
  line-height: 1.6;
`;

const ReadLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  align-self: flex-start;
  min-height: 44px;
  margin-top: auto;
  padding-top: ${theme.space(2)};
  font-family: ${theme.font.mono};
  font-weight: 700;
  text-decoration: none;
  &:hover span[aria-hidden] {
    transform: translateX(3px);
  }
  span[aria-hidden] {
    transition: transform 0.15s ease;
  }
`;

/** One story on /blog and /blog/all: picture, title, proven skills, excerpt and 'Read Full Story'. */
export function StoryCard({ story }: { story: Story }) {
  const titleId = useId();
  const image = cardImageUrl(story);
  const published = formatPublishedDate(story.publishedDate);
  return (
    <CardShell aria-labelledby={titleId}>
      <Picture>{image && <img src={image} alt="" loading="lazy" decoding="async" />}</Picture>
      <Body>
        {published && <Published dateTime={story.publishedDate}>{published}</Published>}
        <Title id={titleId}>{story.title}</Title>
        <Skills>{provedCompetenceLine(story.provenSkills)}</Skills>
        <Excerpt>{story.excerpt}</Excerpt>
        <ReadLink to={`/blog/${story.slug}`} aria-describedby={titleId}>
          Read Full Story <span aria-hidden="true">→</span>
        </ReadLink>
      </Body>
    </CardShell>
  );
}
