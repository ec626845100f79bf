/** A bounty as every section sees it, whatever source it came from (SPEC §3, normalised). */
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
}

/** The list as the sections use it: the bounties plus the lists derived from them (SPEC §7). */
export interface BountyList {
  bounties: Bounty[];
  domains: string[];
  skills: string[];
}
