import {
  earningsOf,
  formatProvenSkills,
  provedCompetenceLine,
  provenSkillList,
  provenSkills,
  skillPayAnchor,
  talentPreviewCard,
  winsOf,
} from './talentProof';
import { NOW, confirmed, daysAgo, hostedBounty } from './testHosted';

describe('the proven-skills wording (stories and talent profiles)', () => {
  it("reads 'Proved competence in {skills}' from a comma text or a list, each skill once", () => {
    expect(provedCompetenceLine('Rust,  Testing ,,SQL')).toBe('Proved competence in Rust, Testing, SQL');
    expect(provedCompetenceLine(['Python', 'SQL', 'python', ' '])).toBe('Proved competence in Python, SQL');
    expect(formatProvenSkills('Python')).toBe('Python');
    expect(provenSkillList('')).toEqual([]);
  });
});

describe('winsOf', () => {
  const bounties = [
    hostedBounty('a', {
      skills: ['Python', 'SQL'],
      winners: [
        { handle: 'ada', prize: 2000, ...confirmed },
        { handle: 'bob', prize: 500 },
      ],
      announcedDaysAgo: 40,
    }),
    hostedBounty('b', {
      skills: ['python', 'React'],
      sponsor: 'kestrel',
      winners: [{ handle: 'ada', prize: 1000, recordedAt: daysAgo(3) }],
      announcedDaysAgo: 10,
    }),
    hostedBounty('open', { skills: ['Go'] }),
    hostedBounty('cancelled', { skills: ['Go'], state: 'cancelled' }),
  ];

  it('lists the prizes a handle won on announced bounties, newest first, with sponsor and paid state', () => {
    const wins = winsOf('ada', bounties, NOW);
    expect(wins.map((win) => [win.bountyId, win.sponsor.slug, win.prize, win.paid])).toEqual([
      ['b', 'kestrel', 1000, false],
      ['a', 'acme', 2000, true],
    ]);
    expect(winsOf('nobody', bounties, NOW)).toEqual([]);
  });

  it('counts an unreported payment as paid 14 days after it was recorded', () => {
    const later = NOW + 11 * 24 * 60 * 60 * 1000 + 1;
    expect(winsOf('ada', bounties, later).map((win) => win.paid)).toEqual([true, true]);
  });

  it('proves the skills of the bounties won, the most proven first, each once', () => {
    expect(provenSkills(winsOf('ada', bounties, NOW))).toEqual(['python', 'React', 'SQL']);
    expect(provenSkills(winsOf('bob', bounties, NOW))).toEqual(['Python', 'SQL']);
    expect(provenSkills([])).toEqual([]);
  });

  it('totals earnings: awarded, and the part that counts as paid', () => {
    expect(earningsOf(winsOf('ada', bounties, NOW))).toEqual({ awarded: 3000, paid: 2000 });
  });

  it('describes the preview image with the number of bounties won', () => {
    const wins = winsOf('ada', bounties, NOW);
    expect(talentPreviewCard({ handle: 'ada', name: '', wins, provenSkills: ['SQL'] })).toEqual({
      title: 'ada',
      subtitle: '@ada · 2 bounties won',
      tags: ['SQL'],
    });
  });
});

describe('skillPayAnchor', () => {
  it('names a compass row by a skill in letters, digits and dashes', () => {
    expect(skillPayAnchor('Node.js')).toBe('pay-skill-node-js');
    expect(skillPayAnchor('C++')).toBe('pay-skill-cpp');
    expect(skillPayAnchor('C#')).toBe('pay-skill-csharp');
    expect(skillPayAnchor('Machine Learning')).toBe('pay-skill-machine-learning');
  });
});
