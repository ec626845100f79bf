import styled, { keyframes } from 'styled-components';
import { media, theme } from '@side-quest/design';

/** The page's slow scrolling animation: one loop takes 40 s (mfe-clients/README.md, "Page"). */
export const MARQUEE_LOOP_SECONDS = 40;

const SKILL_AREAS = [
  'Machine Learning',
  'Data Engineering',
  'DevOps & CI/CD',
  'Cloud Cost',
  'Security',
  'Mobile',
  'Performance',
  'Search & Ranking',
  'Embedded Systems',
  'Frontend',
  'Distributed Systems',
  'Computer Vision',
] as const;

/**
 * A band of skill areas drifting sideways. The list is rendered twice so the loop is seamless; the
 * copy is hidden from assistive technology. Under prefers-reduced-motion it stands still and wraps.
 */
export function SkillMarquee() {
  return (
    <Band aria-label="Skill areas our community solves challenges in">
      <Track>
        <List>
          {SKILL_AREAS.map((area) => (
            <li key={area}>{area}</li>
          ))}
        </List>
        <List aria-hidden="true" data-duplicate="true">
          {SKILL_AREAS.map((area) => (
            <li key={area}>{area}</li>
          ))}
        </List>
      </Track>
    </Band>
  );
}

const scroll = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

const Band = styled.section`
  overflow: hidden;
  border-block: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  padding: ${theme.space(3)} 0;
  mask-image: linear-gradient(to right, transparent, #000 8%, #000 92%, transparent);
  ${media.reducedMotion} {
    mask-image: none;
  }
`;

const Track = styled.div`
  display: flex;
  width: max-content;
  animation: ${scroll} ${MARQUEE_LOOP_SECONDS}s linear infinite;
  &:hover {
    animation-play-state: paused;
  }
  ${media.reducedMotion} {
    animation: none;
    width: auto;
    [data-duplicate] {
      display: none;
    }
    ul {
      flex-wrap: wrap;
      justify-content: center;
    }
  }
`;

const List = styled.ul`
  display: flex;
  flex-shrink: 0;
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    padding: 0 ${theme.space(6)};
    font-family: ${theme.font.mono};
    font-weight: 700;
    color: ${theme.color.textMuted};
    white-space: nowrap;
  }
  li::before {
    content: '// ';
    color: ${theme.color.accent};
  }
`;
