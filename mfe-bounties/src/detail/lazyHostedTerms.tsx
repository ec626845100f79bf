import { onDemand } from '@side-quest/design';
import type { HostedTermsProps } from './HostedTerms';

/**
 * A hosted bounty's terms, prizes and winners, in a chunk of their own (with the country names, about
 * 3 KB gzip): the listed bounties, most of the catalogue, never download it. On a hosted bounty the
 * server renders the terms and hydration keeps that HTML until the chunk is in.
 */
const hostedTerms = onDemand(() => import(/* webpackChunkName: "hosted-terms" */ './HostedTerms'));

export const preloadHostedTerms = hostedTerms.preload;

export function LazyHostedTerms(props: HostedTermsProps) {
  const { HostedTerms } = hostedTerms.useModule();
  return <HostedTerms {...props} />;
}
