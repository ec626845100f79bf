/**
 * Every route of SPEC §2 the benchmarks measure, with a real bounty id and story slug, and the trust
 * pages (a sponsor's record, a talent profile) when the site has them (its demo data: SEED_DEMO=1).
 */
export async function benchRoutes(baseUrl: string): Promise<string[]> {
  const read = async <T>(path: string, fallback: T): Promise<T> => {
    const answer = await fetch(`${baseUrl}${path}`);
    return answer.ok ? ((await answer.json()) as T) : fallback;
  };
  const list = await read<Array<{ id: string }>>('/api/bounties', []);
  const sponsors = await read<Array<{ slug: string }>>('/api/sponsors', []);
  const talent = await read<{ data: Array<{ handle: string }> }>('/api/v1/talent', { data: [] });
  return [
    '/',
    '/bounties',
    `/bounty/${list[0]?.id ?? 'none'}`,
    '/compass',
    '/blog',
    '/blog/how-to-sidequest-guide',
    '/for-clients',
    '/about',
    ...(sponsors[0] ? [`/sponsors/${sponsors[0].slug}`] : []),
    ...(talent.data[0] ? [`/talent/${talent.data[0].handle}`] : []),
  ];
}
