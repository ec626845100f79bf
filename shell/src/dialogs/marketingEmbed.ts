import type { MarketingFormSettings } from '@side-quest/data';
import type { ShellDialog } from './dialogCopy';

/** The provider's EU data region (shell/README.md, "Dialogs"). */
export const EMBED_REGION = 'eu1';
/** How long the provider gets to render its form before the native fallback form takes over. */
export const EMBED_RENDER_TIMEOUT_MS = 8000;

/**
 * How a dialog shows its form:
 * - `form-embed`: the provider's form-embed script (`/forms/embed/{portalId}.js`) renders into a
 *   `.hs-form-frame` element carrying the region, portal id and form id (Log In and sign-up).
 * - `v2`: the v2 embed script (`/forms/embed/v2.js`), then `hbspt.forms.create({ region, portalId,
 *   formId, target })` (the contact / post-challenge dialog).
 * - `fallback`: the ids are not configured, so the native form shows at once.
 */
export type EmbedPlan =
  | { kind: 'form-embed'; scriptSrc: string; region: string; portalId: string; formId: string }
  | { kind: 'v2'; scriptSrc: string; region: string; portalId: string; formId: string }
  | { kind: 'fallback' };

/** A bare host name (optionally with a port): anything else in config must never become a script URL. */
const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;
/** Portal ids are numeric; form ids are GUIDs. Both end up in a URL or a DOM attribute. */
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

export function planEmbed(
  dialog: ShellDialog,
  settings: MarketingFormSettings | null | undefined,
): EmbedPlan {
  if (!settings) return { kind: 'fallback' };
  const { portalId, scriptHost } = settings;
  const formId = dialog === 'contact' ? settings.contactFormId : settings.signupFormId;
  if (!portalId || !formId || !scriptHost) return { kind: 'fallback' };
  if (!HOST_PATTERN.test(scriptHost) || !ID_PATTERN.test(portalId) || !ID_PATTERN.test(formId)) {
    return { kind: 'fallback' };
  }
  if (dialog === 'contact') {
    return {
      kind: 'v2',
      scriptSrc: `https://${scriptHost}/forms/embed/v2.js`,
      region: EMBED_REGION,
      portalId,
      formId,
    };
  }
  return {
    kind: 'form-embed',
    scriptSrc: `https://${scriptHost}/forms/embed/${portalId}.js`,
    region: EMBED_REGION,
    portalId,
    formId,
  };
}
