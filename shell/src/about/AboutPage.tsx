import styled from 'styled-components';
import {
  Button,
  ButtonLink,
  Link,
  PageContainer,
  PageHeading,
  PageMeta,
  laidOutNearViewport,
  media,
  theme,
} from '@side-quest/design';
import { SITE_ROUTES } from '@side-quest/data';
import { aboutHead } from '@side-quest/data/route-heads';
import { DialogOpener } from '../dialogs/DialogOpener';
import { CORE_VALUES, KEY_CONCEPTS, SOURCES, STATISTICS, footnoteNumber } from './aboutContent';

const Intro = styled.p`
  font-size: clamp(1.05rem, 2.2vw, 1.25rem);
  color: ${theme.color.textMuted};
  max-width: 62ch;
`;

const Section = styled.section`
  margin-top: ${theme.space(14)};
  /* The page is several screens long on a phone: the first layout need not shape the text below it. */
  ${laidOutNearViewport('900px')}
  h2 {
    font-size: clamp(1.35rem, 3.2vw, 1.85rem);
    margin-bottom: ${theme.space(5)};
  }
  > p {
    max-width: 70ch;
  }
`;

const Grid = styled.ul<{ $columns: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(4)};
  ${media.medium} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.large} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, 1fr);
  }
  li {
    background: ${theme.color.surface};
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.large};
    padding: ${theme.space(5)};
  }
  h3 {
    font-family: ${theme.font.mono};
    color: ${theme.color.accent};
    font-size: 1rem;
    margin-bottom: ${theme.space(2)};
  }
  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
  a {
    display: inline-block;
    margin-top: ${theme.space(3)};
    padding: ${theme.space(2)} 0;
    font-weight: 600;
  }
`;

const Stats = styled.ul`
  list-style: none;
  margin: ${theme.space(6)} 0 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(4)};
  ${media.medium} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.large} {
    grid-template-columns: repeat(3, 1fr);
  }
  li {
    border-left: 3px solid ${theme.color.accent};
    background: ${theme.color.surface};
    border-radius: 0 ${theme.radius.medium} ${theme.radius.medium} 0;
    padding: ${theme.space(4)} ${theme.space(5)};
  }
  strong {
    display: block;
    font-family: ${theme.font.mono};
    font-size: 1.9rem;
    color: ${theme.color.text};
  }
  p {
    margin: ${theme.space(1)} 0 0;
    color: ${theme.color.textMuted};
  }
  sup a {
    font-family: ${theme.font.mono};
    padding: 0 0.15em;
  }
`;

const Footnotes = styled.ol`
  margin: ${theme.space(8)} 0 0;
  padding-left: 1.5rem;
  font-size: 0.9rem;
  color: ${theme.color.textMuted};
  border-top: 1px solid ${theme.color.border};
  padding-top: ${theme.space(4)};
  li + li {
    margin-top: ${theme.space(2)};
  }
`;

const CallToAction = styled.section`
  margin-top: ${theme.space(14)};
  padding: ${theme.space(10)} ${theme.space(5)};
  text-align: center;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  background:
    radial-gradient(ellipse at top, rgba(124, 242, 156, 0.12), transparent 60%), ${theme.color.surface};
  h2 {
    font-size: clamp(1.35rem, 3.2vw, 1.85rem);
  }
  p {
    color: ${theme.color.textMuted};
    max-width: 52ch;
    margin: 0 auto ${theme.space(6)};
  }
  div {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: ${theme.space(3)};
  }
`;

const sourceAnchor = (number: number) => `about-source-${number}`;

export function AboutPage() {
  return (
    <PageContainer>
      <PageMeta {...aboutHead} />
      <PageHeading>About Side Quest</PageHeading>
      <Intro>Bridge the gap between talent and opportunity through real-world proof of competence.</Intro>

      <Section aria-labelledby="about-mission">
        <h2 id="about-mission">Our Mission</h2>
        <p>
          Talent is everywhere; opportunity is not. Too many capable people are filtered out by degrees, job
          titles and keyword searches long before anyone sees what they can do, while companies sit on
          technical problems they cannot staff fast enough.
        </p>
        <p>
          Side Quest connects the two with paid, real-world challenges. Companies post a problem with clear
          success criteria and a reward; anyone can solve it. The people who deliver get paid, build a record
          of proven work and open the door to being hired. The companies get solutions and meet people who
          have already shown they can do the job.
        </p>
      </Section>

      <Section aria-labelledby="about-philosophy">
        <h2 id="about-philosophy">Our Philosophy: Five Core Values</h2>
        <Grid $columns={3}>
          {CORE_VALUES.map((value) => (
            <li key={value.title}>
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </Grid>
      </Section>

      <Section aria-labelledby="about-concepts">
        <h2 id="about-concepts">Key Concepts</h2>
        <Grid $columns={2}>
          {KEY_CONCEPTS.map((concept) => (
            <li key={concept.title}>
              <h3>{concept.title}</h3>
              <p>{concept.text}</p>
              {concept.link && <Link to={concept.link.to}>{concept.link.label} →</Link>}
            </li>
          ))}
        </Grid>
      </Section>

      <Section aria-labelledby="about-why-now">
        <h2 id="about-why-now">Why Now? The AI Context</h2>
        <p>
          AI is changing what work looks like faster than résumés and degree programmes can keep up. Tools
          that write code, summarise research and draft designs are already in daily use, and the skills
          employers need are shifting with them. When the ground moves this quickly, the most reliable signal
          of competence is the most direct one: a real problem, solved well, today.
        </p>
        <Stats aria-label="AI and skills statistics">
          {STATISTICS.map((statistic) => {
            const number = footnoteNumber(statistic.sourceId);
            return (
              <li key={statistic.figure}>
                <strong>{statistic.figure}</strong>
                <p>
                  {statistic.text}
                  <sup>
                    <a href={`#${sourceAnchor(number)}`} aria-label={`Source ${number}`}>
                      [{number}]
                    </a>
                  </sup>
                </p>
              </li>
            );
          })}
        </Stats>
        <Footnotes aria-label="Sources">
          {SOURCES.map((source, index) => (
            <li key={source.id} id={sourceAnchor(index + 1)}>
              {source.publisher},{' '}
              <a href={source.url} target="_blank" rel="noopener noreferrer">
                {source.name}
              </a>
              , {source.published}.
            </li>
          ))}
        </Footnotes>
      </Section>

      <CallToAction aria-labelledby="about-cta">
        <h2 id="about-cta">Start Your Side Quest</h2>
        <p>Find a challenge that fits your skills, or create an account to hear about new bounties first.</p>
        <div>
          <ButtonLink to={SITE_ROUTES.bounties}>Browse Bounties</ButtonLink>
          <DialogOpener dialog="signup">
            {(opener) => (
              <Button $variant="secondary" {...opener}>
                Create Account
              </Button>
            )}
          </DialogOpener>
        </div>
      </CallToAction>
    </PageContainer>
  );
}
