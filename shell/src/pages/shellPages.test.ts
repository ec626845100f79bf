import { AboutPage } from '../about/AboutPage';
import { loadShellPage, loadedShellPage, shellPageAt } from './shellPages';

describe('shellPageAt', () => {
  it('finds the shell page of an address, with or without a trailing slash', () => {
    expect(shellPageAt('/about')).toBe('about');
    expect(shellPageAt('/about/')).toBe('about');
    expect(shellPageAt('/sign-in')).toBe('signIn');
    expect(shellPageAt('/account')).toBe('account');
  });

  it('finds the landing by its path', () => {
    expect(shellPageAt('/')).toBe('landing');
  });

  it('finds none for a section or a page below a shell page', () => {
    expect(shellPageAt('/bounties')).toBeUndefined();
    expect(shellPageAt('/account/submissions')).toBeUndefined();
  });
});

describe('loadShellPage', () => {
  it('has the page at once for a render once its code has arrived', async () => {
    expect(loadedShellPage('about')).toBeUndefined();
    await expect(loadShellPage('about')).resolves.toBe(AboutPage);
    expect(loadedShellPage('about')).toBe(AboutPage);
  });
});
