import type { HostedSummary } from '../lifecycle/hostedView';

/** A bounty (a bounty_items document, normalised) as every section sees it, whatever its source. */
export interface Bounty {
  id: string;
  item_title: string;
  platform_name: string;
  summary_description: string;
  full_bounty_description: string;
  learnings: string;
  /** USD; a missing reward is 0. */
  reward_amount: number;
  /** Date string or display text; empty when missing. */
  deadline: string;
  bounty_area: string;
  skill_tags: string[];
  image_url: string;
  item_url: string;
  /** ISO date-time, or null when the source had none or it could not be converted. */
  created_at: string | null;
  is_high_value_bounty: boolean;
  /** Present on a bounty hosted on Side Quest (posted here, submitted to here): its terms and lifecycle. */
  hosted?: HostedSummary;
}

/** The list as the sections use it: the bounties plus the domain and skill choices derived from them. */
export interface BountyList {
  bounties: Bounty[];
  domains: string[];
  skills: string[];
}
