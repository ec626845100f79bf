import styled from 'styled-components';
import { ButtonLink, media, theme } from '@side-quest/design';

const STEPS = [
  {
    title: 'Post Your Challenge',
    text: 'Describe the problem, the success criteria and the bounty you will pay for a solution that meets them.',
  },
  {
    title: 'Review Submissions',
    text: 'Compare working solutions side by side, with AI-assisted benchmarking where the task allows it.',
  },
  {
    title: 'Reward & Recruit',
    text: 'Pay for the solutions that succeed, and invite the people behind them to keep working with you.',
  },
] as const;

export function HowItWorksSection() {
  return (
    <Section aria-labelledby="how-it-works-heading">
      <h2 id="how-it-works-heading">How It Works</h2>
      <Steps>
        {STEPS.map((step, index) => (
          <Step key={step.title}>
            <Number aria-hidden="true">{String(index + 1).padStart(2, '0')}</Number>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </Step>
        ))}
      </Steps>
      <Cta>
        <p>Ready to put a price on your problem?</p>
        <ButtonLink to="/bounties">Post a Bounty</ButtonLink>
      </Cta>
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(3)};
  ${media.medium} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Step = styled.li`
  padding: ${theme.space(5)};
  border-radius: ${theme.radius.large};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  h3 {
    font-family: ${theme.font.mono};
    font-size: 1.05rem;
  }
  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
`;

const Number = styled.span`
  display: block;
  margin-bottom: ${theme.space(2)};
  font-family: ${theme.font.mono};
  font-size: 1.6rem;
  font-weight: 800;
  color: ${theme.color.accent};
`;

const Cta = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space(3)};
  padding: ${theme.space(6)};
  border-radius: ${theme.radius.large};
  background: ${theme.color.accentMuted};
  p {
    margin: 0;
    font-family: ${theme.font.mono};
    font-size: 1.2rem;
    font-weight: 700;
  }
  ${media.medium} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
  }
`;
