import styled from 'styled-components';
import { PageContainer, PageHeading, PageMeta, laidOutNearViewport, media, theme } from '@side-quest/design';
import { forClientsHead } from '@side-quest/data/route-heads';
import { LeadForm } from '../lead-form/LeadForm';
import type { LeadPayload } from '../lead-form/leadPayload';
import { BenefitsSection } from '../sections/BenefitsSection';
import { HowItWorksSection } from '../sections/HowItWorksSection';
import { SkillMarquee } from '../sections/SkillMarquee';
import { WhyBountiesWorkSection } from '../sections/StatisticsSection';

const HEADING_ID = 'for-clients-heading';

/** /for-clients (mfe-clients/README.md, "Page"): the lead-capture form first, then the case for bounties. */
export default function ForClientsPage({ send }: { send?: (payload: LeadPayload) => Promise<void> }) {
  return (
    <>
      <PageMeta {...forClientsHead} />
      <PageContainer>
        <Hero>
          <Intro>
            <Eyebrow>FOR_CLIENTS</Eyebrow>
            <PageHeading id={HEADING_ID}>What Is Your Biggest Growth Blocker?</PageHeading>
            <p>
              Pick the challenge that costs you most, describe it in a sentence and estimate what it costs a
              year. We will show you how a bounty turns it into proven solutions and proven people.
            </p>
            <Promises>
              <li>Takes about a minute</li>
              <li>No account needed</li>
              <li>We reply by email</li>
            </Promises>
          </Intro>
          <FormCard>
            <LeadForm labelledBy={HEADING_ID} send={send} />
          </FormCard>
        </Hero>
      </PageContainer>
      <SkillMarquee />
      <PageContainer>
        <Sections>
          <BenefitsSection />
          <WhyBountiesWorkSection />
          <HowItWorksSection />
        </Sections>
      </PageContainer>
    </>
  );
}

const Hero = styled.div`
  display: grid;
  gap: ${theme.space(6)};
  ${media.large} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    align-items: start;
  }
`;

const Intro = styled.div`
  p {
    color: ${theme.color.textMuted};
    font-size: 1.1rem;
    max-width: 55ch;
  }
`;

const Promises = styled.ul`
  list-style: none;
  margin: ${theme.space(4)} 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  li {
    font-family: ${theme.font.mono};
    font-weight: 600;
  }
  li::before {
    content: '✓';
    display: inline-block;
    width: 1.6em;
    color: ${theme.color.accent};
  }
`;

const Eyebrow = styled.p`
  margin: 0 0 ${theme.space(2)};
  font-family: ${theme.font.mono};
  font-weight: 700;
  letter-spacing: 0.08em;
  color: ${theme.color.accent} !important;
  font-size: 0.9rem !important;
`;

const FormCard = styled.div`
  min-width: 0;
  padding: ${theme.space(4)};
  border-radius: ${theme.radius.large};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  ${media.medium} {
    padding: ${theme.space(6)};
  }
`;

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(12)};
  /* Below the form: the page's first layout need not shape their text. */
  > * {
    ${laidOutNearViewport('800px')}
  }
`;
