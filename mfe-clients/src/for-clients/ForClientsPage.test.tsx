import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderPage';
import ForClientsPage from './ForClientsPage';
import { MARQUEE_LOOP_SECONDS } from '../sections/SkillMarquee';

describe('ForClientsPage', () => {
  beforeEach(() => renderWithProviders(<ForClientsPage />));

  it('is headed by the lead form question, with the form named by it', () => {
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'What Is Your Biggest Growth Blocker?',
    );
    expect(screen.getByRole('form', { name: 'What Is Your Biggest Growth Blocker?' })).toBeInTheDocument();
  });

  it('shows the benefits, why bounties work, and how it works in order', () => {
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['What You Get', 'Why Bounties Work', 'How It Works']);
    const steps = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(steps).toEqual(
      expect.arrayContaining(['Post Your Challenge', 'Review Submissions', 'Reward & Recruit']),
    );
  });

  it('quotes the four statistics, each linked to a cited source', () => {
    const section = screen.getByRole('region', { name: 'Why Bounties Work' });
    for (const figure of ['41%', '45%', '69%', '44%']) {
      expect(within(section).getByText(figure)).toBeInTheDocument();
    }
    const footnoteLinks = within(section).getAllByRole('link', { name: /^Source \d$/ });
    expect(footnoteLinks).toHaveLength(4);
    const sources = within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem');
    for (const link of footnoteLinks) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(sources).toContain(target);
      expect(within(target!).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    }
  });

  it('links Post a Bounty to /bounties', () => {
    expect(screen.getByRole('link', { name: 'Post a Bounty' })).toHaveAttribute('href', '/bounties');
  });

  it('has a slow 40 s skill marquee whose duplicate is hidden from assistive technology', () => {
    expect(MARQUEE_LOOP_SECONDS).toBe(40);
    const band = screen.getByRole('region', { name: /Skill areas/ });
    const lists = band.querySelectorAll('ul');
    expect(lists).toHaveLength(2);
    expect(lists[1]).toHaveAttribute('aria-hidden', 'true');
    expect(within(band).getAllByRole('listitem').length).toBe(lists[0]!.children.length);
  });
});
