/**
 * How far below the viewport server-rendered content that hydrates later starts loading: a scroll's
 * worth ahead, so it is usually hydrated when it comes into view, while the landing's featured bounties
 * (1,378 px down on a phone, 985 px at 1280×720) stay out of the first load.
 */
export const HYDRATE_MARGIN = '200px 0px';

const TOUCH_EVENTS = ['pointerdown', 'focusin'] as const;

/**
 * Resolves once `element` nears the viewport (HYDRATE_MARGIN) or is touched (a pointer or the focus
 * lands in it), whichever comes first. Only where IntersectionObserver exists.
 */
export function whenNearViewport(element: Element): Promise<void> {
  return new Promise<void>((resolve) => {
    const near = () => {
      observer.disconnect();
      for (const type of TOUCH_EVENTS) element.removeEventListener(type, near, true);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && near(),
      { rootMargin: HYDRATE_MARGIN },
    );
    observer.observe(element);
    for (const type of TOUCH_EVENTS) element.addEventListener(type, near, true);
  });
}
