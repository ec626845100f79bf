import { use } from 'react';

/**
 * Code that no page needs at start, in a chunk of its own: `preload()` starts (or joins) its download,
 * and `useModule()`, called while rendering, gives the module at once when it is in, else suspends the
 * nearest Suspense boundary until it is. A page the server rendered with it awaits `preload()` before
 * hydrating, so hydration finds it loaded. A failed download is not kept: the next call tries again.
 */
export function onDemand<Module>(load: () => Promise<Module>) {
  let loading: Promise<Module> | undefined;
  let loaded: Module | undefined;
  const preload = (): Promise<Module> => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // A hook: it may suspend the component that calls it. Call it in a component with no other hooks:
  // React replays a component whose promise has settled, the replay skips `use` (the module is in),
  // and a hook after it would then fail (React error 467) on a component mounting.
  const useModule = (): Module => loaded ?? use(preload());
  return { preload, useModule };
}
