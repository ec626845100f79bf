import { escapeHtml } from '@side-quest/data';
import { skillCount, type FacetCounts } from '@side-quest/data/bounty-query';

/** A facet option's text: its label as it is, and how many bounties it would show beside it. */
export function optionText(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}

/**
 * The Skill select's options as HTML: its prompt (value ''), then each skill with its count, marked
 * data-empty when it would show no bounty. One string for the select's innerHTML rather than an
 * element each: the marketplace offers some 180 skills, a third of the page's elements, and React
 * hydrates every element it renders while it leaves an innerHTML as the server sent it.
 */
export function skillOptionsHtml(
  prompt: string,
  choices: readonly string[],
  facets: FacetCounts | undefined,
): string {
  let html = `<option value="">${escapeHtml(prompt)}</option>`;
  for (const skill of choices) {
    const count = facets ? skillCount(facets, skill) : undefined;
    const value = escapeHtml(skill);
    html += `<option value="${value}"${count === 0 ? ' data-empty="true"' : ''}>${escapeHtml(
      optionText(skill, count),
    )}</option>`;
  }
  return html;
}
