/** Every route of SPEC §2 the benchmarks measure, with a real bounty id and story slug. */
export async function benchRoutes(baseUrl: string): Promise<string[]> {
  const list = (await (await fetch(`${baseUrl}/api/bounties`)).json()) as Array<{ id: string }>;
  return [
    '/',
    '/bounties',
    `/bounty/${list[0]?.id ?? 'none'}`,
    '/compass',
    '/blog',
    '/blog/how-to-sidequest-guide',
    '/for-clients',
    '/about',
  ];
}
