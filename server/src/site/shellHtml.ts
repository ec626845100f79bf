import { serializeJsonLd } from '@side-quest/design';
/** The runtime config goes at the end of <head>, before the shell's deferred scripts run. */
export const RUNTIME_CONFIG_PLACEHOLDER = '</head>';

/** JSON that is safe inside a <script> element whatever the values hold (one escaping for all). */
export const jsonForScript = serializeJsonLd;

/**
 * Inlines the runtime configuration into the shell's HTML as a non-executable JSON block, so the shell
 * starts without waiting for a /config.json round trip (and the CSP needs no inline-script exception).
 */
export function renderShellHtml(template: string, runtimeConfig: unknown, headExtra = ''): string {
  // A function, so a `$&` or `$'` in the page's head (its data) is text, not a replacement pattern.
  return template.replace(
    RUNTIME_CONFIG_PLACEHOLDER,
    () =>
      `<script type="application/json" id="sq-runtime-config">${jsonForScript(runtimeConfig)}</script>${headExtra}</head>`,
  );
}
