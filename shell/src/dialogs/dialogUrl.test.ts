import { dialogFromSearch, dialogPage, hasDialogParam, pageSearch } from './dialogUrl';

describe('dialogFromSearch', () => {
  it('opens the dialog the URL names, with an accepted post’s outcome from the URL', () => {
    expect(dialogFromSearch('?x=1&dialog=join&result=ok')).toEqual({
      dialog: 'login',
      outcome: 'ok',
      values: { email: '', company: '', challengeDescription: '' },
    });
    expect(dialogFromSearch('?x=1')).toBeNull();
    expect(dialogFromSearch('?dialog=nope')).toBeNull();
  });

  it('takes a refusal and what was typed only from the returned post, never from the URL', () => {
    expect(dialogFromSearch('?dialog=contact&result=invalid&email=a%40b.co')).toEqual({
      dialog: 'contact',
      outcome: null,
      values: { email: '', company: '', challengeDescription: '' },
    });
    expect(
      dialogFromSearch('?dialog=contact', {
        outcome: 'invalid',
        values: { email: 'cto@acme.io', company: 'Acme', pageName: 'not a dialog field' },
      }),
    ).toEqual({
      dialog: 'contact',
      outcome: 'invalid',
      values: { email: 'cto@acme.io', company: 'Acme', challengeDescription: '' },
    });
  });
});

describe('pageSearch and dialogPage', () => {
  it('drop the dialog’s parameters (and typed values older URLs carried), keeping the page’s own', () => {
    expect(pageSearch('?q=rust&dialog=join&result=failed&email=a%40b.co&menu=open')).toBe('?q=rust');
    expect(dialogPage('/bounties', '?q=rust&dialog=contact&result=ok', 'login')).toBe(
      '/bounties?q=rust&dialog=join',
    );
  });
});

describe('hasDialogParam', () => {
  it('names the shell’s dialogs only, so a remote’s dialog in the URL stays its own', () => {
    expect(hasDialogParam('?q=rust&dialog=join')).toBe(true);
    expect(hasDialogParam('?dialog=contact&result=ok')).toBe(true);
    expect(hasDialogParam('?dialog=create-bounty')).toBe(false);
    expect(hasDialogParam('?q=rust')).toBe(false);
  });
});
