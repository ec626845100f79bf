import { archiveFormatOf, checkTestSetupValues, testSetupValuesOf } from './testScoredSetup';

const values = (fields: Record<string, string>) =>
  testSetupValuesOf(new URLSearchParams({ runtime: 'node20', licence: 'MIT', ...fields }));

describe('a test setup’s fields', () => {
  it('takes the defaults (120 s, 1024 MiB) for a runtime a live runner offers', () => {
    expect(checkTestSetupValues(values({}), ['node20'])).toEqual({
      ok: true,
      value: {
        runtime: 'node20',
        wallSeconds: 120,
        memoryMiB: 1024,
        dailyEntries: 5,
        finalEntries: 2,
        licence: 'MIT',
      },
    });
  });

  it('refuses a runtime no live runner offers, saying which ones do, or that none runs', () => {
    expect(checkTestSetupValues(values({}), ['python3-pytest'])).toEqual({
      ok: false,
      problems: ['No runner offers this runtime now. Choose one of: python3-pytest.'],
    });
    const none = checkTestSetupValues(values({}), []);
    expect(none.ok || none.problems[0]).toMatch(/No runner is running tests now/);
    expect(checkTestSetupValues(values({ runtime: 'ruby' }), ['node20'])).toMatchObject({
      ok: false,
      problems: ['Choose a runtime from the list.'],
    });
  });

  it('keeps limits within 10–600 s and 256–2048 MiB', () => {
    for (const [wallSeconds, memoryMiB, ok] of [
      ['10', '256', true],
      ['600', '2048', true],
      ['9', '1024', false],
      ['601', '1024', false],
      ['120', '255', false],
      ['120', '2049', false],
      ['1e2', '1024', false],
    ] as const)
      expect(checkTestSetupValues(values({ wallSeconds, memoryMiB }), ['node20']).ok).toBe(ok);
  });
});

describe('an archive’s format by its name', () => {
  it('knows ZIP and tar.gz, and a git bundle only for entries', () => {
    expect(archiveFormatOf('tests.ZIP', false)).toBe('zip');
    expect(archiveFormatOf('tests.tar.gz', false)).toBe('tar.gz');
    expect(archiveFormatOf('tests.tgz', false)).toBe('tar.gz');
    expect(archiveFormatOf('repo.bundle', false)).toBeNull();
    expect(archiveFormatOf('repo.bundle', true)).toBe('git-bundle');
    expect(archiveFormatOf('solution.rar', true)).toBeNull();
  });
});
