import type { Bounty } from '@side-quest/data/bounties';
import { readBountyList } from '@side-quest/data/bounties';
import type { ServerConfig } from '../config/serverConfig';
import type { BountyStore } from '../bounties/bountyStore';

/**
 * The public list the alerts match, from either bounty source: the embedded catalogue with the hosted
 * bounties in it (BOUNTY_SOURCE=api), or Firestore's high-value list with the hosted bounties after it
 * (BOUNTY_SOURCE=firestore, read here directly: the command runs without the web server).
 */
export function alertBountyList(
  config: Pick<ServerConfig, 'bountySource' | 'firebase'>,
  catalogue: Pick<BountyStore, 'list'>,
  hosted: () => Promise<Bounty[]>,
): () => Promise<Bounty[]> {
  if (config.bountySource === 'api') return async () => catalogue.list();
  const firebase = config.firebase;
  return async () => {
    if (!firebase?.projectId) throw new Error('The firestore bounty source needs Firebase settings.');
    const [fromFirestore, own] = await Promise.all([readBountyList(firebase), hosted()]);
    const ownIds = new Set(own.map((bounty) => bounty.id));
    // A Firestore document never speaks for this server: a `hosted` part in it is dropped.
    const imported = fromFirestore
      .filter((bounty) => !ownIds.has(bounty.id))
      .map(({ hosted: _dropped, ...rest }) => rest as Bounty);
    return [...imported, ...own];
  };
}
