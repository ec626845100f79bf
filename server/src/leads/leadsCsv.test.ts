import { csvField, csvHeader, leadCsvRow } from './leadsCsv';

describe('leads CSV', () => {
  it('writes a header and one row per lead with CRLF line ends', () => {
    expect(csvHeader()).toBe(
      'id,created_at,email,challenge_type,challenge_description,cost_impact,page_uri,page_name\r\n',
    );
    expect(
      leadCsvRow({
        id: 7,
        createdAt: '2026-11-21T10:00:00.000Z',
        email: 'a@b.co',
        challengeType: 'hiring',
        challengeDescription: 'Say "hi", then\nleave',
        costImpact: '$1.5M',
        pageUri: 'https://x.example/for-clients?a=1,2',
        pageName: 'For Clients | Side Quest',
      }),
    ).toBe(
      '7,2026-11-21T10:00:00.000Z,a@b.co,hiring,"Say ""hi"", then\nleave",$1.5M,"https://x.example/for-clients?a=1,2",For Clients | Side Quest\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+1', "'+1+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['plain', 'plain'],
  ])('neutralises a formula in %p', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('leaves numbers alone', () => {
    expect(csvField(-3)).toBe('-3');
  });
});
