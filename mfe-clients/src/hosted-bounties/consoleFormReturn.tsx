import { ErrorText } from '@side-quest/design';
import type { ConsoleFormReturn } from '@side-quest/data/lifecycle';

// A console form posted without JavaScript comes back with its message and what was typed (422): these
// put both back under the form they belong to, told apart by form and submission or prize slot.

/** The returned form's message, under the form it belongs to (by form and submission or slot). */
export function Problem({
  returned,
  form,
  target = null,
}: {
  returned: ConsoleFormReturn | null;
  form: ConsoleFormReturn['form'];
  target?: string | null;
}) {
  if (!returned || returned.form !== form || (returned.target ?? null) !== target) return null;
  return <ErrorText role="alert">{returned.error}</ErrorText>;
}

/** What was typed into `name` of the returned form, when `form` and `target` are the form that came back. */
export const returnedValues = (
  returned: ConsoleFormReturn | null,
  form: ConsoleFormReturn['form'],
  target: string | null,
  name: string,
) => {
  if (!returned || returned.form !== form || returned.target !== target) return undefined;
  const value = returned.values[name];
  return Array.isArray(value) ? value : value === undefined ? undefined : [value];
};
