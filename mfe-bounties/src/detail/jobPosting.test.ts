import { serializeJsonLd } from '@side-quest/design';
import { makeBounty } from '@side-quest/data/testing';
import { jobPostingData, stripMarkup } from './jobPosting';

describe('job-posting structured data', () => {
  const bounty = makeBounty({
    id: 'abc',
    item_title: 'Detect defective welds',
    platform_name: 'Ironvale',
    full_bounty_description:
      '## Goal\n\nTrain a **model** on <b>18,000</b> photos. See [the brief](https://x.example).',
    reward_amount: 13150,
    deadline: '2026-12-31',
    created_at: '2026-01-15T00:00:00.000Z',
    bounty_area: 'AI/ML',
    skill_tags: ['PyTorch', 'Python'],
    item_url: 'https://ironvale.example/bounties/welds',
  });

  it('carries the properties Google requires for a remote contractor posting', () => {
    expect(jobPostingData(bounty, { pageUrl: 'https://sq.example/bounty/abc' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Detect defective welds',
      description: 'Goal\n\nTrain a model on 18,000 photos. See the brief.',
      identifier: { '@type': 'PropertyValue', name: 'Side Quest', value: 'abc' },
      datePosted: '2026-01-15T00:00:00.000Z',
      validThrough: '2026-12-31T00:00:00.000Z',
      hiringOrganization: { '@type': 'Organization', name: 'Ironvale', sameAs: 'https://ironvale.example' },
      employmentType: 'CONTRACTOR',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'AdministrativeArea', name: 'Worldwide' },
      directApply: false,
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', value: 13150 },
      },
      occupationalCategory: 'AI/ML',
      skills: 'PyTorch, Python',
      url: 'https://sq.example/bounty/abc',
    });
  });

  it('cuts the description at 5000 characters and falls back to the summary', () => {
    expect(
      (jobPostingData({ ...bounty, full_bounty_description: 'y'.repeat(6000) }).description as string).length,
    ).toBe(5000);
    expect(
      jobPostingData({ ...bounty, full_bounty_description: '', summary_description: 'Short one' })
        .description,
    ).toBe('Short one');
  });

  it('leaves out what is unknown instead of inventing it', () => {
    const data = jobPostingData({
      ...bounty,
      deadline: 'Rolling',
      created_at: null,
      reward_amount: 0,
      item_url: 'javascript:alert(1)',
    });
    expect(data).not.toHaveProperty('validThrough');
    expect(data).not.toHaveProperty('datePosted');
    expect(data).not.toHaveProperty('baseSalary');
    expect(data.hiringOrganization).toEqual({ '@type': 'Organization', name: 'Ironvale' });
  });

  it('stays inside its script element whatever a field holds', () => {
    const hostile = {
      ...bounty,
      item_title: '</script><script>alert(1)</script>',
      full_bounty_description: '',
    };
    const json = serializeJsonLd(jobPostingData(hostile));
    expect(json).not.toMatch(/<\/script/i);
    expect(JSON.parse(json).title).toBe('</script><script>alert(1)</script>');
  });

  it('strips HTML, scripts and markdown syntax', () => {
    expect(stripMarkup('<script>bad()</script><p>Hello&nbsp;<em>world</em> &amp; co</p>')).toBe(
      'Hello world & co',
    );
    expect(stripMarkup('- one\n- two\n> quote `code` ![img](x.png)')).toBe('one\ntwo\nquote code img');
  });
});
