import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setTestRuntimeConfig } from '../testing/renderWithProviders';
import { LandingPage } from './LandingPage';

jest.mock('../federation/RemoteSection', () => ({
  RemoteSection: ({ remote, module }: { remote: string; module: string }) => (
    <div data-testid="remote-section">{`${remote} ${module}`}</div>
  ),
}));

function mockReducedMotion(matches: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: matches && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

describe('LandingPage', () => {
  beforeEach(() => {
    setTestRuntimeConfig();
    mockReducedMotion(false);
  });

  it('has the hero heading and the default page title', () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('PROVE YOUR SKILLS');
    expect(document.title).toBe('Side Quest - Prove Your Skills with Real-World Projects');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /paid, real-world/,
    );
  });

  it('plays a muted, looping, inline background video with a poster', () => {
    renderWithProviders(<LandingPage />);
    const video = screen.getByTestId('hero-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('poster');
    expect(video.querySelectorAll('source')).toHaveLength(2);
  });

  it('shows only the still poster under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    renderWithProviders(<LandingPage />);
    expect(screen.queryByTestId('hero-video')).not.toBeInTheDocument();
    expect(screen.getByTestId('hero-still')).toHaveAttribute('alt', '');
  });

  it('links EXPLORE BOUNTIES to /bounties and opens the post-challenge dialog from POST CHALLENGE', async () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('link', { name: 'EXPLORE BOUNTIES' })).toHaveAttribute('href', '/bounties');
    await userEvent.click(screen.getByRole('button', { name: 'POST CHALLENGE' }));
    expect(screen.getByRole('dialog', { name: 'POST_CHALLENGE' })).toBeInTheDocument();
  });

  it('explains the three steps of HOW IT WORKS', () => {
    renderWithProviders(<LandingPage />);
    const section = screen.getByRole('region', { name: 'HOW IT WORKS' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['01_FIND_BOUNTY', '02_SOLVE_CHALLENGE', '03_EARN_REWARDS']);
  });

  it('places the FeaturedBounties module of the bounties remote under FEATURED BOUNTIES', () => {
    renderWithProviders(<LandingPage />);
    const section = screen.getByRole('region', { name: 'FEATURED BOUNTIES' });
    expect(within(section).getByTestId('remote-section')).toHaveTextContent('bounties ./FeaturedBounties');
  });

  it('ends with EXPLORE_BOUNTIES and CREATE_ACCOUNT, which opens the sign-up dialog', async () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('link', { name: 'EXPLORE_BOUNTIES' })).toHaveAttribute('href', '/bounties');
    await userEvent.click(screen.getByRole('button', { name: 'CREATE_ACCOUNT' }));
    expect(screen.getByRole('dialog', { name: 'CREATE_ACCOUNT' })).toBeInTheDocument();
  });
});
