import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last@company.example', '  padded@site.io  '])('accepts %s', (value) =>
    expect(isValidEmail(value)).toBe(true),
  );
  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co', 'a b@c.de', 'a@b.'])('refuses %s', (value) =>
    expect(isValidEmail(value)).toBe(false),
  );
});
