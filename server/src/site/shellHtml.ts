/** The runtime config goes at the end of <head>, before the shell's deferred scripts run. */
export const RUNTIME_CONFIG_PLACEHOLDER = '</head>';

/**
 * JSON that is safe inside a <script> element whatever the values hold: no `</script>`, `<!--` or
 * `&` can appear, and the JavaScript line separators are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Inlines the runtime configuration into the shell's HTML as a non-executable JSON block, so the shell
 * starts without waiting for a /config.json round trip (and the CSP needs no inline-script exception).
 */
export function renderShellHtml(template: string, runtimeConfig: unknown, headExtra = ''): string {
  return template.replace(
    RUNTIME_CONFIG_PLACEHOLDER,
    `<script type="application/json" id="sq-runtime-config">${jsonForScript(runtimeConfig)}</script>${headExtra}</head>`,
  );
}
