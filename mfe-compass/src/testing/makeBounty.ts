import type { Bounty } from '@side-quest/data';

let nextId = 1;

/** A well-formed bounty for tests; pass only the fields a test is about. */
export function makeBounty(fields: Partial<Bounty> = {}): Bounty {
  const id = fields.id ?? `bounty-${nextId++}`;
  return {
    id,
    item_title: `Bounty ${id}`,
    platform_name: 'Acme',
    summary_description: '',
    full_bounty_description: '',
    learnings: '',
    reward_amount: 0,
    deadline: '',
    bounty_area: '',
    skill_tags: [],
    image_url: '',
    item_url: '',
    created_at: null,
    is_high_value_bounty: true,
    ...fields,
  };
}
