import { useEffect, useState, type RefObject } from 'react';
import { EMBED_RENDER_TIMEOUT_MS, type EmbedPlan } from './marketingEmbed';

export type EmbedStatus = 'loading' | 'ready' | 'failed';

/** The slice of the provider's v2 global this code calls. */
interface HubspotV2 {
  forms?: {
    create?: (options: {
      region: string;
      portalId: string;
      formId: string;
      target: string;
      onFormReady?: () => void;
    }) => void;
  };
}

/** Marks the script elements this hook adds, so tests and cleanup can find exactly those. */
export const EMBED_SCRIPT_ATTRIBUTE = 'data-marketing-embed';

/**
 * Loads the provider's script for one open dialog and reports whether its form rendered. `failed`
 * when the script is blocked or errors, when the v2 global is missing, or when no form or frame has
 * appeared in the container within 8 seconds. Unmounting (closing the dialog) removes the script.
 */
export function useMarketingEmbed(plan: EmbedPlan, container: RefObject<HTMLElement | null>): EmbedStatus {
  const [status, setStatus] = useState<EmbedStatus>(plan.kind === 'fallback' ? 'failed' : 'loading');

  useEffect(() => {
    if (plan.kind === 'fallback') return;
    const target = container.current;
    if (!target) return;
    const script = document.createElement('script');
    let settled = false;
    const settle = (next: EmbedStatus) => {
      if (settled) return;
      settled = true;
      observer.disconnect();
      clearTimeout(timer);
      // A script that failed or was too slow must not render a second form under the fallback.
      if (next === 'failed') script.remove();
      setStatus(next);
    };
    const rendered = () => target.querySelector('form, iframe') !== null;
    const observer = new MutationObserver(() => {
      if (rendered()) settle('ready');
    });
    observer.observe(target, { childList: true, subtree: true });
    const timer = setTimeout(() => settle(rendered() ? 'ready' : 'failed'), EMBED_RENDER_TIMEOUT_MS);

    script.src = plan.scriptSrc;
    script.async = true;
    script.setAttribute(EMBED_SCRIPT_ATTRIBUTE, plan.kind);
    script.addEventListener('error', () => settle('failed'));
    if (plan.kind === 'v2') {
      script.addEventListener('load', () => {
        const hbspt = (window as unknown as { hbspt?: HubspotV2 }).hbspt;
        const create = hbspt?.forms?.create;
        if (typeof create !== 'function') {
          settle('failed');
          return;
        }
        try {
          create({
            region: plan.region,
            portalId: plan.portalId,
            formId: plan.formId,
            target: `#${target.id}`,
            onFormReady: () => settle('ready'),
          });
        } catch {
          settle('failed');
        }
      });
    }
    document.body.appendChild(script);

    return () => {
      settled = true;
      observer.disconnect();
      clearTimeout(timer);
      script.remove();
    };
  }, [plan, container]);

  return status;
}
