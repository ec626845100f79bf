import { safeNextPath, signInUrl } from './nextPath';

describe('safeNextPath', () => {
  it.each([
    ['/account', '/account'],
    ['/bounties?skill=rust#top', '/bounties?skill=rust#top'],
    ['/bounty/abc%20def', '/bounty/abc%20def'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'account',
    '/\tevil',
    '/sign-in',
    '/sign-in?next=/account',
  ])('turns %p into /', (value) => {
    expect(safeNextPath(value)).toBe('/');
  });
});

describe('signInUrl', () => {
  it('names the page to come back to', () => {
    expect(signInUrl('/account?tab=sessions')).toBe('/sign-in?next=%2Faccount%3Ftab%3Dsessions');
  });
  it('omits next for the home page and anything unsafe', () => {
    expect(signInUrl('/')).toBe('/sign-in');
    expect(signInUrl('//evil.example')).toBe('/sign-in');
  });
});
