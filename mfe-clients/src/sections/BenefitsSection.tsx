import styled from 'styled-components';
import { media, theme } from '@side-quest/design';

const BENEFITS = [
  {
    title: 'Pay for results',
    text: 'You set the reward and the success criteria. Money moves only when a solution meets them.',
  },
  {
    title: 'Proof before you hire',
    text: 'See how people solve your actual problem before you offer anyone a contract or a job.',
  },
  {
    title: 'Many minds at once',
    text: 'Several independent approaches arrive in parallel, so you compare real work instead of pitches.',
  },
  {
    title: 'Move in days',
    text: 'Skip months of sourcing and interview loops: post today, review working submissions soon after.',
  },
] as const;

export function BenefitsSection() {
  return (
    <Section aria-labelledby="benefits-heading">
      <h2 id="benefits-heading">What You Get</h2>
      <Grid>
        {BENEFITS.map((benefit) => (
          <Item key={benefit.title}>
            <h3>{benefit.title}</h3>
            <p>{benefit.text}</p>
          </Item>
        ))}
      </Grid>
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(3)};
  ${media.medium} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.large} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Item = styled.li`
  padding: ${theme.space(5)};
  border-radius: ${theme.radius.large};
  border: 1px solid ${theme.color.border};
  border-top: 3px solid ${theme.color.accent};
  background: ${theme.color.surface};
  h3 {
    font-family: ${theme.font.mono};
    font-size: 1.05rem;
  }
  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
`;
