import * as heads from './routeHeads';
import { ROUTE_TABLE } from './routeTable';

describe('route heads', () => {
  const entries = Object.entries(heads);

  it("names each head after a route of the table, and gives the site's main pages one", () => {
    for (const [name] of entries) expect(Object.keys(ROUTE_TABLE)).toContain(name.replace(/Head$/, ''));
    for (const id of ['landing', 'bounties', 'compass', 'stories', 'forClients', 'about'])
      expect(heads).toHaveProperty(`${id}Head`);
  });

  it('gives every head a description a search result can show, and a title to every page but the landing', () => {
    for (const [name, head] of entries) {
      expect(head.description.length).toBeGreaterThan(20);
      expect(head.description.length).toBeLessThanOrEqual(160);
      if (name !== 'landingHead') expect(head.title).toBeTruthy();
    }
  });
});
