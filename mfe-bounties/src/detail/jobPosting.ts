import type { Bounty } from '@side-quest/data';
import { parseDeadline } from '@side-quest/data/bounty-query';
import { UNKNOWN_PLATFORM, UNTITLED_BOUNTY } from '../common/bountyFormat';
import { safeExternalUrl } from '../common/safeUrl';

/** Job-posting description length (mfe-bounties/README.md, "Job posting data"). */
export const JOB_POSTING_DESCRIPTION_LENGTH = 5000;

/**
 * Plain text from a description that may hold HTML or markdown: tags, scripts, styles, link and
 * emphasis syntax are removed, entities decoded, whitespace tidied. Paragraph breaks are kept.
 */
export function stripMarkup(text: string): string {
  return text
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`+)(\S(?:[\s\S]*?\S)?)\1/g, '$2')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface JobPostingOptions {
  /** The page's absolute URL, for `url`. */
  pageUrl?: string;
  /** The site origin, to turn a same-origin image path into an absolute URL. */
  origin?: string;
  imageSrc?: string | null;
}

/**
 * schema.org JobPosting for a bounty (mfe-bounties/README.md, "Job posting data") with the properties
 * Google requires: title, description (no markup, at most 5000 characters), datePosted (created_at),
 * hiringOrganization;
 * plus validThrough when the deadline is a date, CONTRACTOR, TELECOMMUTE with the applicant location,
 * and the reward as a USD baseSalary. Unknown values are left out rather than invented.
 */
export function jobPostingData(bounty: Bounty, options: JobPostingOptions = {}): Record<string, unknown> {
  const title = bounty.item_title.trim() || UNTITLED_BOUNTY;
  const description =
    stripMarkup(bounty.full_bounty_description || bounty.summary_description || title).slice(
      0,
      JOB_POSTING_DESCRIPTION_LENGTH,
    ) || title;
  const deadline = parseDeadline(bounty.deadline);
  const organization: Record<string, unknown> = {
    '@type': 'Organization',
    name: bounty.platform_name.trim() || UNKNOWN_PLATFORM,
  };
  const applyUrl = safeExternalUrl(bounty.item_url);
  if (applyUrl) organization.sameAs = new URL(applyUrl).origin;
  if (options.imageSrc && options.origin) organization.logo = new URL(options.imageSrc, options.origin).href;

  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title,
    description,
    identifier: { '@type': 'PropertyValue', name: 'Side Quest', value: bounty.id },
    hiringOrganization: organization,
    employmentType: 'CONTRACTOR',
    jobLocationType: 'TELECOMMUTE',
    applicantLocationRequirements: { '@type': 'AdministrativeArea', name: 'Worldwide' },
    directApply: false,
  };
  if (bounty.created_at && !Number.isNaN(Date.parse(bounty.created_at))) {
    data.datePosted = new Date(bounty.created_at).toISOString();
  }
  if (deadline !== null) data.validThrough = new Date(deadline).toISOString();
  if (bounty.reward_amount > 0) {
    data.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', value: bounty.reward_amount },
    };
  }
  if (bounty.bounty_area) data.occupationalCategory = bounty.bounty_area;
  if (bounty.skill_tags.length > 0) data.skills = bounty.skill_tags.join(', ');
  if (options.pageUrl) data.url = options.pageUrl;
  return data;
}
