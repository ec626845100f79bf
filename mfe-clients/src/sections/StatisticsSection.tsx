import styled from 'styled-components';
import { media, theme } from '@side-quest/design';
import { SOURCES, STATISTICS, footnoteNumber } from './statistics';

/** Why bounties work: the case in words, then the four cited statistics with their footnotes. */
export function WhyBountiesWorkSection() {
  return (
    <Section aria-labelledby="why-bounties-heading">
      <h2 id="why-bounties-heading">Why Bounties Work</h2>
      <Lead>
        Credentials and interviews predict poorly who can solve your problem. A bounty asks for the solution
        itself: many people attempt the real task, you see working results side by side, and you pay only for
        the one that meets your success criteria.
      </Lead>
      <Stats>
        {STATISTICS.map((statistic) => {
          const number = footnoteNumber(statistic.sourceId);
          return (
            <Stat key={statistic.value}>
              <Figure>{statistic.value}</Figure>
              <p>
                {statistic.text}
                <sup>
                  <a href={`#for-clients-source-${number}`} aria-label={`Source ${number}`}>
                    [{number}]
                  </a>
                </sup>
              </p>
            </Stat>
          );
        })}
      </Stats>
      <Footnotes aria-label="Sources">
        {SOURCES.map((source, index) => (
          <li key={source.id} id={`for-clients-source-${index + 1}`}>
            {source.name}.{' '}
            <a href={source.url} target="_blank" rel="noopener noreferrer">
              {new URL(source.url).hostname.replace(/^www\./, '')}
            </a>
          </li>
        ))}
      </Footnotes>
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
`;

const Lead = styled.p`
  margin: 0;
  max-width: 70ch;
  color: ${theme.color.textMuted};
`;

const Stats = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(3)};
  grid-template-columns: 1fr;
  ${media.medium} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.large} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Stat = styled.li`
  padding: ${theme.space(5)};
  border-radius: ${theme.radius.large};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
  sup a {
    display: inline-block;
    padding: 0 0.2em;
    text-decoration: none;
  }
`;

const Figure = styled.span`
  display: block;
  font-family: ${theme.font.mono};
  font-size: 2.6rem;
  font-weight: 800;
  line-height: 1.1;
  color: ${theme.color.accent};
`;

const Footnotes = styled.ol`
  margin: 0;
  padding-left: 1.4rem;
  font-size: 0.85rem;
  color: ${theme.color.textMuted};
  li + li {
    margin-top: ${theme.space(1)};
  }
`;
