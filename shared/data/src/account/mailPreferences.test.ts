import { OPTIONAL_MAIL_TEXT, isOptionalMailKind } from './mailPreferences';

describe('the optional mail switches', () => {
  it('say what each covers: talent updates include a scored bounty’s final leaderboard (its reveal mail)', () => {
    // The reveal's e-mail is sent under talent-updates (server/src/scored-bounties/scoredFeature.ts).
    expect(OPTIONAL_MAIL_TEXT['talent-updates'].description).toContain(
      'the final leaderboard of a scored bounty you entered',
    );
    expect(isOptionalMailKind('talent-updates')).toBe(true);
    expect(isOptionalMailKind('leaderboard')).toBe(false);
  });
});
