import { escapeHtml } from '@side-quest/data/html';

/** A facet option's text: its label as it is, and how many bounties it would show beside it. */
export function optionText(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}

/**
 * A facet select's options as HTML (Domain, Skill): its prompt (value ''), then each choice with the
 * count `countOf` gives it (none before the counts are known), marked data-empty when it would show no
 * bounty, and `selected` the chosen one, so the server's page shows it chosen. One string for the
 * select's innerHTML rather than an element each: the marketplace offers some 180 skills, a third of the
 * page's elements, and React hydrates every element it renders while it leaves an innerHTML as the
 * server sent it.
 */
export function facetOptionsHtml(
  prompt: string,
  choices: readonly string[],
  countOf: ((choice: string) => number) | undefined,
  chosen = '',
): string {
  const option = (value: string, text: string, count?: number) =>
    `<option value="${escapeHtml(value)}"${value === chosen ? ' selected=""' : ''}${
      count === 0 ? ' data-empty="true"' : ''
    }>${escapeHtml(text)}</option>`;
  let html = option('', prompt);
  for (const choice of choices) {
    const count = countOf?.(choice);
    html += option(choice, optionText(choice, count), count);
  }
  return html;
}
