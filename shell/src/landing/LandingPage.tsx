import styled from 'styled-components';
import { Button, ButtonLink, PageMeta, media, theme } from '@side-quest/design';
import { ROUTE_TABLE, SITE_ROUTES } from '@side-quest/data';
import { landingHead } from '@side-quest/data/route-heads';
import { RemoteSection } from '../federation/RemoteSection';
import { DialogOpener } from '../dialogs/DialogOpener';
import { HeroVideo } from './HeroVideo';
import { CLOSING_CTA, FEATURED_TITLE, HERO, HOW_IT_WORKS_STEPS, HOW_IT_WORKS_TITLE } from './landingCopy';

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  isolation: isolate;
  min-height: min(78vh, 640px);
  display: flex;
  align-items: center;
  border-bottom: 1px solid ${theme.color.border};
  background: ${theme.color.background};
  &::after {
    /* Keeps the text at full contrast whatever frame of the clip is behind it. */
    content: '';
    position: absolute;
    inset: 0;
    z-index: 1;
    background:
      linear-gradient(
        90deg,
        rgba(11, 13, 18, 0.88) 0%,
        rgba(11, 13, 18, 0.55) 60%,
        rgba(11, 13, 18, 0.15) 100%
      ),
      linear-gradient(0deg, rgba(11, 13, 18, 1) 0%, rgba(11, 13, 18, 0) 30%);
  }
`;

const HeroContent = styled.div`
  position: relative;
  z-index: 2;
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${theme.space(16)} ${theme.space(4)};
  ${media.medium} {
    padding: ${theme.space(24)} ${theme.space(6)};
  }
`;

const Kicker = styled.p`
  font-family: ${theme.font.mono};
  color: ${theme.color.accent};
  letter-spacing: 0.08em;
  margin: 0 0 ${theme.space(3)};
  font-size: 0.9rem;
`;

const HeroTitle = styled.h1`
  font-size: clamp(2.4rem, 9vw, 5rem);
  line-height: 1.02;
  margin: 0 0 ${theme.space(5)};
  max-width: 12ch;
  &:focus {
    outline: none;
  }
`;

const Lead = styled.p`
  font-size: clamp(1.05rem, 2.2vw, 1.25rem);
  color: ${theme.color.textMuted};
  max-width: 56ch;
  margin: 0 0 ${theme.space(8)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
`;

const Section = styled.section`
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${theme.space(14)} ${theme.space(4)} 0;
  ${media.medium} {
    padding: ${theme.space(20)} ${theme.space(6)} 0;
  }
  h2 {
    font-size: clamp(1.4rem, 3.5vw, 2rem);
    margin-bottom: ${theme.space(8)};
  }
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(4)};
  ${media.medium} {
    grid-template-columns: repeat(3, 1fr);
    gap: ${theme.space(6)};
  }
  li {
    background: ${theme.color.surface};
    border: 1px solid ${theme.color.border};
    border-top: 3px solid ${theme.color.accent};
    border-radius: ${theme.radius.large};
    padding: ${theme.space(6)};
  }
  h3 {
    font-family: ${theme.font.mono};
    color: ${theme.color.accent};
    font-size: 1.05rem;
    letter-spacing: 0.03em;
    margin-bottom: ${theme.space(3)};
  }
  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
`;

const Closing = styled.div`
  text-align: center;
  padding: ${theme.space(12)} ${theme.space(4)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  background:
    radial-gradient(ellipse at top, rgba(124, 242, 156, 0.12), transparent 60%), ${theme.color.surface};
  h2 {
    margin-bottom: ${theme.space(3)};
  }
  p {
    color: ${theme.color.textMuted};
    margin: 0 auto ${theme.space(8)};
    max-width: 48ch;
  }
  div {
    justify-content: center;
  }
`;

export function LandingPage() {
  return (
    <>
      <PageMeta description={landingHead.description} />
      <Hero aria-labelledby="hero-title">
        <HeroVideo />
        <HeroContent>
          <Kicker aria-hidden="true">{HERO.kicker}</Kicker>
          <HeroTitle id="hero-title">{HERO.title}</HeroTitle>
          <Lead>{HERO.lead}</Lead>
          <Actions>
            <ButtonLink to={SITE_ROUTES.bounties}>{HERO.explore}</ButtonLink>
            <DialogOpener dialog="contact">
              {(opener) => (
                <Button $variant="secondary" {...opener}>
                  {HERO.postChallenge}
                </Button>
              )}
            </DialogOpener>
          </Actions>
        </HeroContent>
      </Hero>

      <Section aria-labelledby="how-it-works-heading">
        <h2 id="how-it-works-heading">{HOW_IT_WORKS_TITLE}</h2>
        <Steps>
          {HOW_IT_WORKS_STEPS.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </Steps>
      </Section>

      <Section aria-labelledby="featured-heading" id={ROUTE_TABLE.landing.section.hydrateNear}>
        <h2 id="featured-heading">{FEATURED_TITLE}</h2>
        <RemoteSection
          remote={ROUTE_TABLE.landing.section.remote}
          module={ROUTE_TABLE.landing.section.module}
          hydrateNear={ROUTE_TABLE.landing.section.hydrateNear}
          placeholder={<p>Loading bounties...</p>}
        />
      </Section>

      <Section aria-labelledby="closing-heading">
        <Closing>
          <h2 id="closing-heading">{CLOSING_CTA.title}</h2>
          <p>{CLOSING_CTA.text}</p>
          <Actions>
            <ButtonLink to={SITE_ROUTES.bounties}>{CLOSING_CTA.explore}</ButtonLink>
            <DialogOpener dialog="signup">
              {(opener) => (
                <Button $variant="secondary" {...opener}>
                  {CLOSING_CTA.createAccount}
                </Button>
              )}
            </DialogOpener>
          </Actions>
        </Closing>
      </Section>
    </>
  );
}
