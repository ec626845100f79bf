/** A published figure quoted on the page, with the source it comes from (cited in a footnote). */
export interface Statistic {
  value: string;
  text: string;
  sourceId: string;
}

export interface Source {
  id: string;
  name: string;
  url: string;
}

export const SOURCES: readonly Source[] = [
  {
    id: 'manpower-2021',
    name: 'ManpowerGroup Employment Outlook Survey Q4 2021 (press release, 14 September 2021)',
    url: 'https://www.prnewswire.com/news-releases/the-great-q4-hiring-bounceback-employers-in-many-markets-report-strongest-hiring-outlooks-since-before-the-pandemic-record-high-talent-shortages-continue-301375883.html',
  },
  {
    id: 'manpower-2018',
    name: 'ManpowerGroup 2018 Talent Shortage Survey, as reported by Staffing Industry Analysts (26 June 2018)',
    url: 'https://iscworld.com/employers-globally-struggle-to-find-workers-with-the-right-skills/',
  },
  {
    id: 'wef-2023',
    name: 'World Economic Forum, The Future of Jobs Report 2023',
    url: 'https://www.weforum.org/publications/the-future-of-jobs-report-2023/',
  },
];

/** The page's four statistics (mfe-clients/README.md, "Page"), each a real published figure. */
export const STATISTICS: readonly Statistic[] = [
  {
    value: '41%',
    text: 'of employers are investing in training, skills development and mentoring to close their skills gaps.',
    sourceId: 'manpower-2021',
  },
  {
    value: '45%',
    text: 'of employers worldwide said they could not find the skills they need, the highest in over a decade.',
    sourceId: 'manpower-2018',
  },
  {
    value: '69%',
    text: 'of employers report difficulty filling roles for lack of skilled talent, a 15-year high.',
    sourceId: 'manpower-2021',
  },
  {
    value: '44%',
    text: "of workers' core skills are expected to change within the next five years.",
    sourceId: 'wef-2023',
  },
];

/** The footnote number of a source: its position in SOURCES, counting from 1. */
export function footnoteNumber(sourceId: string): number {
  return SOURCES.findIndex((source) => source.id === sourceId) + 1;
}
