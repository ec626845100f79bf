import { formPostOutcome, returnedValue } from './formPost';

describe('formPostOutcome', () => {
  it('reads ok, invalid or failed from the parameter, and nothing else', () => {
    expect(formPostOutcome(new URLSearchParams('lead=ok'), 'lead')).toBe('ok');
    expect(formPostOutcome(new URLSearchParams('lead=failed'), 'lead')).toBe('failed');
    expect(formPostOutcome(new URLSearchParams('lead=maybe'), 'lead')).toBeNull();
    expect(formPostOutcome(new URLSearchParams('result=ok'), 'lead')).toBeNull();
  });
});

describe('returnedValue', () => {
  it('is what was typed into a field, or empty; never an inherited property', () => {
    const returned = { outcome: 'invalid' as const, values: { email: 'a@b.co' } };
    expect(returnedValue(returned, 'email')).toBe('a@b.co');
    expect(returnedValue(returned, 'company')).toBe('');
    expect(returnedValue(returned, 'constructor')).toBe('');
    expect(returnedValue(returned, '__proto__')).toBe('');
  });
});
