import { isReservedAddress } from './reservedAddresses';

describe('reserved addresses', () => {
  it.each([
    'owner@acme-lab.demo.side-quest.invalid',
    'someone@example.test',
    'owner@acme.example',
    'root@localhost',
    'ada@mail.localhost',
    'Ada@ACME.EXAMPLE',
    'ada@acme.invalid.',
    'Ada <ada@acme.test>',
  ])('%s reaches nobody', (address) => {
    expect(isReservedAddress(address)).toBe(true);
  });

  it.each([
    'ada@example.com',
    'ada@example.org',
    'ada@test.com',
    'ada@invalid.co.uk',
    'ada@localhost.dev',
    'ada@example.testing',
    'no-at-sign',
    '',
  ])('%s is mailed as usual', (address) => {
    expect(isReservedAddress(address)).toBe(false);
  });
});
