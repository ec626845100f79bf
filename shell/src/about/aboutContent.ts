/**
 * The About page's copy. The "Why Now?" figures are quoted from public reports, each tied to the
 * source that published it (numbered footnotes); keep them verbatim when editing, and add a source
 * for any new figure.
 */
export interface Source {
  id: string;
  name: string;
  publisher: string;
  published: string;
  url: string;
}

export interface Statistic {
  figure: string;
  text: string;
  sourceId: Source['id'];
}

export const SOURCES: readonly Source[] = [
  {
    id: 'wef-future-of-jobs-2025',
    name: 'Future of Jobs Report 2025',
    publisher: 'World Economic Forum',
    published: 'January 2025',
    url: 'https://www.weforum.org/publications/the-future-of-jobs-report-2025/',
  },
  {
    id: 'stanford-ai-index-2025',
    name: 'The 2025 AI Index Report',
    publisher: 'Stanford Institute for Human-Centered Artificial Intelligence (HAI)',
    published: 'April 2025',
    url: 'https://hai.stanford.edu/ai-index/2025-ai-index-report',
  },
  {
    id: 'mckinsey-state-of-ai-2024',
    name: 'The state of AI in early 2024: Gen AI adoption spikes and starts to generate value',
    publisher: 'McKinsey & Company',
    published: 'May 2024',
    url: 'https://www.mckinsey.com/capabilities/quantumblack/our-insights/the-state-of-ai-2024',
  },
  {
    id: 'stack-overflow-survey-2024',
    name: '2024 Developer Survey: AI',
    publisher: 'Stack Overflow',
    published: 'July 2024',
    url: 'https://survey.stackoverflow.co/2024/ai',
  },
];

export const STATISTICS: readonly Statistic[] = [
  {
    figure: '39%',
    text: "of workers' existing skill sets are expected to be transformed or become outdated over the 2025-2030 period.",
    sourceId: 'wef-future-of-jobs-2025',
  },
  {
    figure: '170M',
    text: 'new jobs are expected to be created between 2025 and 2030, while 92 million are displaced: a net growth of 78 million jobs.',
    sourceId: 'wef-future-of-jobs-2025',
  },
  {
    figure: '63%',
    text: 'of employers identify skill gaps as a major barrier to transforming their business over 2025-2030.',
    sourceId: 'wef-future-of-jobs-2025',
  },
  {
    figure: '78%',
    text: 'of organizations reported using AI in 2024, up from 55% the year before.',
    sourceId: 'stanford-ai-index-2025',
  },
  {
    figure: '65%',
    text: 'of respondents said their organizations were regularly using generative AI in early 2024, nearly double the share from ten months earlier.',
    sourceId: 'mckinsey-state-of-ai-2024',
  },
  {
    figure: '76%',
    text: 'of developers were using or planning to use AI tools in their development process in 2024, up from 70% a year earlier.',
    sourceId: 'stack-overflow-survey-2024',
  },
];

/** A source's footnote number: its position among the sources, counted from 1. */
export function footnoteNumber(sourceId: string): number {
  const index = SOURCES.findIndex((source) => source.id === sourceId);
  if (index < 0) throw new Error(`Statistic cites an unknown source: ${sourceId}`);
  return index + 1;
}

export const CORE_VALUES: readonly { title: string; text: string }[] = [
  {
    title: 'Proof over pedigree',
    text: 'What you can do matters more than where you studied or whom you know. A solved problem is a stronger signal than any certificate.',
  },
  {
    title: 'Real problems, real rewards',
    text: 'Every quest comes from a company that needs it solved and pays for the solution. No toy exercises, no unpaid spec work.',
  },
  {
    title: 'Learning by shipping',
    text: 'Skills grow fastest under real constraints. Each challenge teaches something a course cannot: how to deliver when it counts.',
  },
  {
    title: 'Clear criteria, fair judging',
    text: 'Success criteria are written down before anyone starts, so solutions are compared on results and everyone knows the bar.',
  },
  {
    title: 'Open doors',
    text: 'A side quest should widen your options, not narrow them. Keep your job, your studies or your own project, and take the paths that fit.',
  },
];

export const KEY_CONCEPTS: readonly { title: string; text: string; link?: { to: string; label: string } }[] =
  [
    {
      title: 'Quests (bounties)',
      text: 'A quest is a paid problem: a company describes a real challenge, its success criteria, a deadline and a reward. Anyone can take it on; the solutions that meet the criteria earn the bounty.',
      link: { to: '/bounties', label: 'Browse the quests' },
    },
    {
      title: 'Proof of Competence',
      text: 'A finished quest is evidence anyone can check: a working solution to a problem a company cared enough to pay for. It travels with you and speaks louder than a list of claims on a CV.',
    },
    {
      title: 'Golden Bridge',
      text: 'Between the safe, conforming path of institutions and the all-or-nothing risk of starting a company lies a third way. Side quests let you earn, learn and build a reputation on your own terms without betting everything.',
    },
    {
      title: 'Value Compass',
      text: 'Which skills do companies actually pay for right now? The Value Compass reads the live bounty market and shows the skills in demand, the areas that are trending and the skills that pay best.',
      link: { to: '/compass', label: 'Open the Value Compass' },
    },
  ];
