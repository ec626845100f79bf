import { bountiesForSkillPath, bountiesInAreaPath } from './bountyLinks';

describe('bountiesForSkillPath', () => {
  it('links to the marketplace filtered by the skill', () => {
    expect(bountiesForSkillPath('Rust')).toBe('/bounties?skill=Rust');
  });

  it('encodes characters that mean something in a URL', () => {
    expect(bountiesForSkillPath('C++')).toBe('/bounties?skill=C%2B%2B');
    expect(bountiesForSkillPath('C#')).toBe('/bounties?skill=C%23');
    expect(bountiesForSkillPath('Node.js & Deno')).toBe('/bounties?skill=Node.js%20%26%20Deno');
  });
});

describe('bountiesInAreaPath', () => {
  it('links to the marketplace filtered by the domain, encoded', () => {
    expect(bountiesInAreaPath('AI/ML')).toBe('/bounties?domain=AI%2FML');
  });
});
