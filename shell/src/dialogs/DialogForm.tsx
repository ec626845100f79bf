import { useMemo, useRef } from 'react';
import styled from 'styled-components';
import { getRuntimeConfig, type FormPostOutcome, type MarketingFormSettings } from '@side-quest/data';
import type { ShellDialog } from './dialogCopy';
import { planEmbed, type EmbedPlan } from './marketingEmbed';
import { useMarketingEmbed } from './useMarketingEmbed';
import { FallbackForm } from './FallbackForm';
import { FormPlaceholder } from './FormPlaceholder';
import type { FallbackValues } from './fallbackSubmission';

const EmbedContainer = styled.div`
  min-height: 0;
  /* The provider renders light forms; give its frame a light card so it stays readable. */
  iframe {
    width: 100%;
    border: 0;
  }
`;

const NATIVE_PLAN: EmbedPlan = { kind: 'fallback' };

function marketingSettings(): MarketingFormSettings | null {
  try {
    return getRuntimeConfig().marketingForms;
  } catch {
    return null;
  }
}

export interface DialogFormProps {
  dialog: ShellDialog;
  /**
   * Set when the page's URL opened this dialog: the server rendered it, so it keeps the native form
   * (the embed needs JavaScript, and swapping forms would drop what is being typed), showing the
   * outcome of the post that led here, if any.
   */
  fromUrl?: { outcome: FormPostOutcome | null } | null;
  draft: FallbackValues;
  onDraftChange: (values: FallbackValues) => void;
  onSubmitted: () => void;
  onClose: () => void;
}

/**
 * The body of a shell dialog: the provider's embedded form when it is configured and renders, else
 * (not configured, blocked, failed or slower than 8 seconds) the native fallback form.
 */
export function DialogForm({ dialog, fromUrl, draft, onDraftChange, onSubmitted, onClose }: DialogFormProps) {
  const native = Boolean(fromUrl);
  const plan = useMemo(
    () => (native ? NATIVE_PLAN : planEmbed(dialog, marketingSettings())),
    [dialog, native],
  );
  const containerRef = useRef<HTMLDivElement>(null);
  const status = useMarketingEmbed(plan, containerRef);

  if (status === 'failed') {
    return (
      <FallbackForm
        dialog={dialog}
        initialOutcome={fromUrl?.outcome ?? null}
        kind={dialog === 'contact' ? 'challenge' : 'signup'}
        source={dialog === 'login' ? 'login' : 'signup'}
        values={draft}
        onValuesChange={onDraftChange}
        onSubmitted={onSubmitted}
        onClose={onClose}
      />
    );
  }
  return (
    <>
      {status === 'loading' && <FormPlaceholder />}
      <EmbedContainer id={`sq-embed-${dialog}`} ref={containerRef} data-testid={`embed-${dialog}`}>
        {plan.kind === 'form-embed' && (
          <div
            className="hs-form-frame"
            data-region={plan.region}
            data-form-id={plan.formId}
            data-portal-id={plan.portalId}
          />
        )}
      </EmbedContainer>
    </>
  );
}
