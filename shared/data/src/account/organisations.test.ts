import { assignableRoles, organisationMay, validateOrganisation } from './organisations';

describe('organisationMay', () => {
  it.each([
    ['owner', 'delete', true],
    ['owner', 'transfer', true],
    ['admin', 'delete', false],
    ['admin', 'transfer', false],
    ['admin', 'manageMembers', true],
    ['admin', 'publish', true],
    ['admin', 'pay', true],
    ['member', 'manageMembers', false],
    ['member', 'publish', false],
    ['member', 'award', false],
    ['member', 'draft', true],
    ['member', 'score', true],
  ] as const)('%s may %s: %s', (role, action, allowed) => {
    expect(organisationMay(role, action)).toBe(allowed);
  });

  it('lets only owners make owners, and members give no roles', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'admin', 'member']);
    expect(assignableRoles('admin')).toEqual(['admin', 'member']);
    expect(assignableRoles('member')).toEqual([]);
  });
});

describe('validateOrganisation', () => {
  it('accepts a name, a slug and a website, made https and reduced to its origin', () => {
    expect(
      validateOrganisation({ name: ' Acme  Labs ', slug: 'Acme-Labs', website: 'acme.example/about' }),
    ).toEqual({
      ok: true,
      value: { name: 'Acme Labs', slug: 'acme-labs', website: 'https://acme.example' },
    });
  });

  it('says what is wrong', () => {
    expect(validateOrganisation({ name: '', slug: 'a', website: 'http://insecure.example' })).toEqual({
      ok: false,
      errors: {
        name: "Enter the organisation's name.",
        slug: 'The address has 3 to 40 characters.',
        website: "Enter the organisation's website, e.g. https://example.com.",
      },
    });
    expect(validateOrganisation({ name: 'A', slug: '-bad-', website: 'https://ok.example' })).toMatchObject({
      ok: false,
      errors: { slug: 'Use lowercase letters, digits and single dashes between them.' },
    });
  });
});
