import { dialogPage, draftDialogOpens, searchWithoutDialog } from './draftDialogUrl';

describe('the create-bounty dialog in the URL', () => {
  it('names the page with the dialog open, and without it, keeping the page’s own parameters', () => {
    expect(dialogPage('/bounties', '?q=rust&dialog=create-bounty&draft=ok&skill=Go')).toBe(
      '/bounties?q=rust&skill=Go&dialog=create-bounty',
    );
    expect(searchWithoutDialog('?q=rust&dialog=create-bounty')).toBe('?q=rust');
    expect(searchWithoutDialog('?dialog=create-bounty')).toBe('');
    expect(dialogPage('/bounties', '?q=rust&draft=ok')).toBe('/bounties?q=rust&dialog=create-bounty');
  });

  it('opens the dialog the URL names or a refused post came back to; a sent draft’s page has it closed', () => {
    expect(draftDialogOpens('?dialog=create-bounty', null)).toEqual({ open: true, submitted: false });
    expect(draftDialogOpens('?q=rust', null).open).toBe(false);
    expect(draftDialogOpens('?draft=ok', null)).toEqual({ open: false, submitted: true });
    expect(draftDialogOpens('', { outcome: 'invalid', values: {} })).toEqual({
      open: true,
      submitted: false,
    });
  });
});
