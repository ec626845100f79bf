import { preload } from 'react-dom';
import styled, { css } from 'styled-components';
import { usePrefersReducedMotion } from '@side-quest/design';
import heroMp4 from './media/hero.mp4';
import heroWebm from './media/hero.webm';
import heroPoster from './media/hero-poster.webp';
import { usePageLoaded } from './usePageLoaded';

const cover = css`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  max-width: none;
  object-fit: cover;
`;

const Video = styled.video`
  ${cover}
`;

const Still = styled.img`
  ${cover}
`;

/**
 * The hero's decorative background: an original 6-second looping clip (76 KB H.264, 49 KB VP9) over a
 * 5 KB poster that paints first. Muted, inline and looping; only the poster under reduced motion.
 */
export function HeroVideo() {
  // The poster is the landing's largest paint: the server puts this preload in the landing's <head>
  // (and only the landing's), so it downloads alongside the scripts.
  preload(heroPoster, { as: 'image', fetchPriority: 'high', type: 'image/webp' });
  const reducedMotion = usePrefersReducedMotion();
  // The clip's sources join after the page has loaded: until then the poster shows, and the clip's
  // bytes do not slow the scripts and the poster down (the video starts as soon as they are added).
  const pageLoaded = usePageLoaded();
  if (reducedMotion) {
    return <Still src={heroPoster} alt="" width={960} height={540} data-testid="hero-still" />;
  }
  return (
    <Video
      autoPlay
      muted
      loop
      playsInline
      poster={heroPoster}
      aria-hidden="true"
      tabIndex={-1}
      data-testid="hero-video"
    >
      {pageLoaded && (
        <>
          <source src={heroWebm} type="video/webm" />
          <source src={heroMp4} type="video/mp4" />
        </>
      )}
    </Video>
  );
}
