import { useEffect, useState } from 'react';

/**
 * True once the page has finished loading (the window's load event; at once on a later in-app visit),
 * so decorative media can wait instead of competing with the page's own code for the network.
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return undefined;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}
