/**
 * The site's one e-mail rule: text, @, text, dot, text. The browser forms and the server's
 * endpoints check with the same pattern, so an address the form accepts is never refused by the server.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
