import type { PayoutMethod } from '@side-quest/data/account';
import type { ReviewLabel } from '@side-quest/data/lifecycle';

/*
 * The demo history a fresh embedded start seeds (lifecycle issue, "A fresh start shows all of it"): made
 * up, written here, and labelled as demo data wherever it is shown. Every date is days from the moment of
 * seeding (negative: before it), so the clocks are live: a bounty seeded overdue stays overdue and grows.
 * Demo people have addresses under .invalid, which no mail server accepts.
 */

export const DEMO_MAIL_DOMAIN = 'demo.side-quest.invalid';

export interface DemoOrganisation {
  slug: string;
  name: string;
  website: string;
  verifiedDaysAgo: number;
}

export interface DemoTalent {
  handle: string;
  name: string;
  country: string;
  payoutMethod: PayoutMethod;
  /** The talent page's opt-ins (issue 33): most winners public, one private, one showing earnings. */
  profilePublic: boolean;
  showEarnings: boolean;
}

export interface DemoSubmission {
  talent: string;
  daysAgo: number;
  label: ReviewLabel;
  scores: (number | null)[];
  rejected?: string;
  publicOptIn?: boolean;
}

export interface DemoPayment {
  slot: number;
  recordedDaysAgo: number;
  reference: string;
  answer?: { received: boolean; daysAgo: number; note?: string };
  resolution?: { paid: boolean; daysAgo: number; note: string };
}

export interface DemoBounty {
  organisation: string;
  title: string;
  description: string;
  domain: 'Software' | 'AI/ML' | 'Engineering';
  skills: string[];
  criteria: string[];
  prizes: number[];
  publishedDaysAgo: number;
  /** Days from seeding to the submission deadline (negative: passed). */
  deadlineInDays: number;
  judgingDays: number;
  paymentDueDays: number;
  eligibleCountries?: string[];
  payoutMethods: PayoutMethod[];
  unclaimed: 'returned' | 'rollover';
  submissions: DemoSubmission[];
  /** Winners by submission index, slot by slot. */
  announced?: { daysAgo: number; winners: number[] };
  payments?: DemoPayment[];
  ended?: { state: 'closed' | 'cancelled'; daysAgo: number; reason: string };
}

export const DEMO_ORGANISATIONS: DemoOrganisation[] = [
  {
    slug: 'northwind-freight',
    name: 'Northwind Freight',
    website: 'https://northwind-freight.example',
    verifiedDaysAgo: 120,
  },
  {
    slug: 'kestrel-grid',
    name: 'Kestrel Grid',
    website: 'https://kestrel-grid.example',
    verifiedDaysAgo: 150,
  },
  {
    slug: 'tallow-health',
    name: 'Tallow Health',
    website: 'https://tallow-health.example',
    verifiedDaysAgo: 90,
  },
  // The scored bounties' sponsor (issue 45 item 11): its answer keys and entries are in scoredDemo.ts.
  {
    slug: 'larkspur-analytics',
    name: 'Larkspur Analytics',
    website: 'https://larkspur-analytics.example',
    verifiedDaysAgo: 100,
  },
];

/**
 * The scored bounties' six entrants (issue 45 item 11). Their profiles are private, so the boards name
 * them "Entrant 1" to "Entrant 6" and no talent page or directory lists them.
 */
export const DEMO_SCORED_ENTRANTS = [
  'ines-duarte',
  'kofi-mensah',
  'hana-sato',
  'omar-haddad',
  'ewa-kowalska',
  'raj-patel',
] as const;
const scoredEntrantNames: Record<(typeof DEMO_SCORED_ENTRANTS)[number], [string, string]> = {
  'ines-duarte': ['Inês Duarte', 'PT'],
  'kofi-mensah': ['Kofi Mensah', 'GH'],
  'hana-sato': ['Hana Sato', 'JP'],
  'omar-haddad': ['Omar Haddad', 'JO'],
  'ewa-kowalska': ['Ewa Kowalska', 'PL'],
  'raj-patel': ['Raj Patel', 'IN'],
};

export const DEMO_TALENTS: DemoTalent[] = [
  ...DEMO_SCORED_ENTRANTS.map((handle): DemoTalent => ({
    handle,
    name: scoredEntrantNames[handle][0],
    country: scoredEntrantNames[handle][1],
    payoutMethod: 'wise',
    profilePublic: false,
    showEarnings: false,
  })),
  {
    handle: 'mira-okafor',
    name: 'Mira Okafor',
    country: 'NG',
    payoutMethod: 'wise',
    profilePublic: true,
    showEarnings: false,
  },
  {
    handle: 'jonas-brandt',
    name: 'Jonas Brandt',
    country: 'DE',
    payoutMethod: 'bank-sepa',
    profilePublic: true,
    showEarnings: false,
  },
  // A winner who keeps their profile private: no page, no API entry, in no list.
  {
    handle: 'lin-zhao',
    name: 'Lin Zhao',
    country: 'SG',
    payoutMethod: 'paypal',
    profilePublic: false,
    showEarnings: false,
  },
  {
    handle: 'sofia-reyes',
    name: 'Sofia Reyes',
    country: 'MX',
    payoutMethod: 'wise',
    profilePublic: true,
    showEarnings: false,
  },
  // The one who shows earnings: two wins, one paid.
  {
    handle: 'tomas-novak',
    name: 'Tomáš Novák',
    country: 'CZ',
    payoutMethod: 'bank-sepa',
    profilePublic: true,
    showEarnings: true,
  },
  {
    handle: 'priya-nair',
    name: 'Priya Nair',
    country: 'IN',
    payoutMethod: 'usdc',
    profilePublic: true,
    showEarnings: false,
  },
];

/** The titles of the two scored demo bounties, by which scoredDemo.ts finds them after seeding. */
export const DEMO_SCORED_TITLES = {
  open: 'Predict which wind turbines need service',
  closed: 'Estimate stop-to-stop times on rural routes',
} as const;

/**
 * The test-scored demo bounty (issue 56 item 7), found by this title after seeding: testScoredDemo.ts
 * gives it its tests (server/src/scored-bounties/demo-tests) and its four entrants' entries, in the
 * order of their submissions here, each run by the runner.
 */
export const DEMO_TEST_SCORED_TITLE = 'Normalise UK postcodes';
export const DEMO_TEST_SCORED_ENTRANTS = ['kofi-mensah', 'ewa-kowalska', 'raj-patel', 'hana-sato'] as const;

const allMethods: PayoutMethod[] = ['wise', 'bank-sepa', 'paypal', 'usdc', 'bank-swift'];

export const DEMO_BOUNTIES: DemoBounty[] = [
  {
    organisation: 'northwind-freight',
    title: 'Halve the cold start of our route planner',
    description:
      'Our route planner is a Node.js service that loads **2.3 GB** of road graph at start. A deploy takes the fleet off planning for four minutes.\n\n## What we want\n\nA start that serves its first plan in under two minutes on the same machine, without changing the plans it makes.\n\nThe repository, a graph snapshot and a benchmark script are shared with every submitter.',
    domain: 'Software',
    skills: ['Node.js', 'Performance', 'TypeScript'],
    criteria: [
      'First plan served in under 120 s on the reference machine',
      'Plans identical to today on the 500-trip test set',
      'Memory at most 10% above today',
    ],
    prizes: [3000, 1000],
    publishedDaysAgo: 9,
    deadlineInDays: 12,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: allMethods,
    unclaimed: 'rollover',
    submissions: [
      { talent: 'jonas-brandt', daysAgo: 3, label: 'reviewed', scores: [4, 5, null] },
      { talent: 'lin-zhao', daysAgo: 1, label: 'unreviewed', scores: [] },
    ],
  },
  {
    organisation: 'kestrel-grid',
    title: 'Find failing transformer fans from their sound',
    description:
      'Each of our substations records a minute of audio from its transformer fans every hour. A failing bearing sounds different weeks before it stops.\n\nBuild a detector that flags a fan for inspection from those recordings. Labelled failures from three years are provided.',
    domain: 'AI/ML',
    skills: ['Audio', 'Machine Learning', 'Python'],
    criteria: [
      'Recall of at least 0.8 on the held-out failures',
      'At most one false alarm per substation per month',
      'Runs on the substation gateway (ARM, 1 GB RAM)',
    ],
    prizes: [4000],
    publishedDaysAgo: 4,
    deadlineInDays: 24,
    judgingDays: 14,
    paymentDueDays: 14,
    eligibleCountries: ['DE', 'AT', 'CH', 'NL', 'PL', 'CZ'],
    payoutMethods: ['bank-sepa', 'wise'],
    unclaimed: 'returned',
    submissions: [],
  },
  {
    organisation: 'tallow-health',
    title: 'De-identify free-text clinical notes',
    description:
      'Doctors write notes in free text; researchers may only read them once every name, address, date of birth and record number is gone.\n\nWe need a de-identifier that keeps the medical meaning. A synthetic corpus of 5,000 annotated notes is provided — no real patient data ever leaves our systems.',
    domain: 'AI/ML',
    skills: ['NLP', 'Privacy', 'Python'],
    criteria: [
      'Recall of personal identifiers of at least 0.98',
      'Medical terms kept (precision at least 0.95)',
      'Processes 1,000 notes a minute on one CPU core',
    ],
    prizes: [2500, 1500, 500],
    publishedDaysAgo: 30,
    deadlineInDays: -3,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: allMethods,
    unclaimed: 'returned',
    submissions: [
      { talent: 'priya-nair', daysAgo: 5, label: 'shortlisted', scores: [5, 4, 4] },
      { talent: 'mira-okafor', daysAgo: 6, label: 'shortlisted', scores: [4, 4, 5] },
      { talent: 'sofia-reyes', daysAgo: 4, label: 'reviewed', scores: [3, 4, 2] },
    ],
  },
  {
    organisation: 'kestrel-grid',
    title: 'Forecast substation load 48 hours ahead',
    description:
      'Heat pumps and car chargers made our substation load harder to predict. We want a 48-hour forecast per substation, hourly, with an honest uncertainty band.\n\nTwo years of hourly load and weather for 140 substations are provided.',
    domain: 'AI/ML',
    skills: ['Forecasting', 'Time Series', 'Python'],
    criteria: [
      'Mean absolute error at least 15% below our current model',
      'Calibrated 90% interval',
      'Retrains nightly in under an hour',
    ],
    prizes: [5000, 2000],
    publishedDaysAgo: 50,
    deadlineInDays: -20,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: ['bank-sepa', 'bank-swift', 'wise'],
    unclaimed: 'returned',
    submissions: [
      { talent: 'tomas-novak', daysAgo: 22, label: 'shortlisted', scores: [4, 3, 5] },
      { talent: 'lin-zhao', daysAgo: 21, label: 'reviewed', scores: [3, 3, 4] },
    ],
  },
  {
    organisation: 'northwind-freight',
    title: 'Pack mixed pallets without crushing the top layer',
    description:
      'Our warehouse packs pallets by hand. A packing plan that respects each carton’s crush limit would save the team an hour a shift and cut damage claims.\n\nWrite the planner: cartons in, a layer-by-layer plan out.',
    domain: 'Software',
    skills: ['Python', 'Performance'],
    criteria: [
      'No carton carries more than its crush limit',
      'Pallet fill at least 85% on the sample orders',
      'A plan in under 2 s per pallet',
    ],
    prizes: [2000],
    publishedDaysAgo: 45,
    deadlineInDays: -15,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: allMethods,
    unclaimed: 'rollover',
    submissions: [
      { talent: 'sofia-reyes', daysAgo: 16, label: 'shortlisted', scores: [5, 5, 4], publicOptIn: true },
      { talent: 'jonas-brandt', daysAgo: 17, label: 'reviewed', scores: [5, 3, 3] },
    ],
    announced: { daysAgo: 4, winners: [0] },
    payments: [{ slot: 0, recordedDaysAgo: 1, reference: 'NWF-2026-0412' }],
  },
  {
    organisation: 'kestrel-grid',
    title: 'Model battery degradation from charge cycles',
    description:
      'Our grid batteries lose capacity at different rates. A model of degradation from the cycle logs would let us schedule replacements instead of reacting to failures.',
    domain: 'Engineering',
    skills: ['Battery', 'Machine Learning', 'Python'],
    criteria: [
      'Predicts capacity at 12 months within 3%',
      'Explains which cycle patterns age a battery fastest',
    ],
    prizes: [3500, 1500],
    publishedDaysAgo: 70,
    deadlineInDays: -33,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: ['bank-sepa', 'wise'],
    unclaimed: 'returned',
    submissions: [
      { talent: 'mira-okafor', daysAgo: 34, label: 'shortlisted', scores: [5, 4] },
      { talent: 'tomas-novak', daysAgo: 35, label: 'shortlisted', scores: [4, 4] },
    ],
    announced: { daysAgo: 19, winners: [0, 1] },
  },
  {
    organisation: 'northwind-freight',
    title: 'Deduplicate shipment addresses',
    description:
      'The same customer address reaches us spelled a dozen ways. Merge them without ever merging two real addresses.',
    domain: 'Software',
    skills: ['Python', 'SQL', 'PostgreSQL'],
    criteria: [
      'Precision of merges of at least 0.999',
      'Recall of at least 0.9 on the labelled pairs',
      'Runs inside PostgreSQL or beside it in under 10 minutes a night',
    ],
    prizes: [2500],
    publishedDaysAgo: 80,
    deadlineInDays: -50,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: allMethods,
    unclaimed: 'rollover',
    submissions: [
      { talent: 'jonas-brandt', daysAgo: 52, label: 'shortlisted', scores: [5, 4, 5], publicOptIn: true },
      { talent: 'priya-nair', daysAgo: 51, label: 'reviewed', scores: [4, 3, 4] },
    ],
    announced: { daysAgo: 44, winners: [0] },
    payments: [
      { slot: 0, recordedDaysAgo: 42, reference: 'NWF-2026-0301', answer: { received: true, daysAgo: 41 } },
    ],
  },
  {
    organisation: 'kestrel-grid',
    title: 'Detect HVAC faults in substation buildings',
    description:
      'Substation buildings must stay below 35 °C. Find the failing air-conditioning units from their power draw before the temperature alarm does.',
    domain: 'Engineering',
    skills: ['HVAC', 'IoT', 'Time Series'],
    criteria: [
      'Finds 9 of the 10 recorded failures at least a day early',
      'Fewer than two false alarms a month across all buildings',
    ],
    prizes: [3000],
    publishedDaysAgo: 110,
    deadlineInDays: -80,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: ['bank-sepa', 'wise'],
    unclaimed: 'returned',
    submissions: [{ talent: 'tomas-novak', daysAgo: 81, label: 'shortlisted', scores: [5, 4] }],
    announced: { daysAgo: 68, winners: [0] },
    payments: [
      { slot: 0, recordedDaysAgo: 55, reference: 'KG-77120', answer: { received: true, daysAgo: 53 } },
    ],
  },
  {
    organisation: 'tallow-health',
    title: 'An appointment booking screen everyone can use',
    description:
      'Our booking screen fails people who use screen readers or a keyboard. Rebuild it to WCAG 2.2 AA, tested with real assistive technology.',
    domain: 'Software',
    skills: ['Accessibility', 'React', 'TypeScript'],
    criteria: [
      'No WCAG 2.2 AA failure in an audit',
      'Booking works with NVDA, VoiceOver and keyboard only',
      'Same booking rules as today',
    ],
    prizes: [2000, 1000],
    publishedDaysAgo: 95,
    deadlineInDays: -62,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: allMethods,
    unclaimed: 'returned',
    submissions: [
      { talent: 'lin-zhao', daysAgo: 63, label: 'shortlisted', scores: [5, 5, 5] },
      { talent: 'sofia-reyes', daysAgo: 64, label: 'shortlisted', scores: [4, 5, 4] },
      { talent: 'priya-nair', daysAgo: 64, label: 'spam', scores: [0, 0, 0] },
    ],
    announced: { daysAgo: 52, winners: [0, 1] },
    payments: [
      { slot: 0, recordedDaysAgo: 47, reference: 'TH-0947', answer: { received: true, daysAgo: 46 } },
      {
        slot: 1,
        recordedDaysAgo: 47,
        reference: 'TH-0948',
        answer: {
          received: false,
          daysAgo: 45,
          note: 'Nothing has arrived in my Wise account with this reference.',
        },
        resolution: {
          paid: true,
          daysAgo: 40,
          note: 'The first transfer bounced on a typo in the account; Tallow Health sent it again and Wise shows it received.',
        },
      },
    ],
  },
  {
    organisation: 'northwind-freight',
    title: 'Read handwritten delivery notes',
    description:
      'Drivers still hand-write notes on delivery slips. Turn the scanned slips into text the support team can search.',
    domain: 'AI/ML',
    skills: ['OCR', 'Computer Vision', 'Python'],
    criteria: ['Character error rate below 5% on the test slips', 'Runs on our scanning stations'],
    prizes: [1500],
    publishedDaysAgo: 60,
    deadlineInDays: -30,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: allMethods,
    unclaimed: 'rollover',
    submissions: [{ talent: 'lin-zhao', daysAgo: 31, label: 'reviewed', scores: [2, 4] }],
    ended: {
      state: 'closed',
      daysAgo: 20,
      reason:
        'The one submission reached a 14% character error rate, well above the 5% asked. The prize rolls into a follow-up bounty with more training slips.',
    },
  },
  {
    organisation: 'tallow-health',
    title: 'Speech-to-text for ward rounds',
    description:
      'Transcribe ward-round conversations into the patient record, on hospital hardware, with no audio leaving the ward.',
    domain: 'AI/ML',
    skills: ['Speech Recognition', 'Privacy'],
    criteria: [
      'Word error rate below 10% on the test rounds',
      'Runs on the ward workstation with no network',
    ],
    prizes: [4000],
    publishedDaysAgo: 40,
    deadlineInDays: 5,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: allMethods,
    unclaimed: 'returned',
    submissions: [{ talent: 'mira-okafor', daysAgo: 12, label: 'unreviewed', scores: [] }],
    ended: {
      state: 'cancelled',
      daysAgo: 10,
      reason:
        'The hospital’s ethics board withdrew permission to record ward rounds. The one submitter was told first and offered a paid review of their work.',
    },
  },
  // Scored bounties (issue 45 item 11): each entry is scored against the sponsor's answer key, and the
  // data set, the entries and the baseline are generated in scoredDemo.ts.
  {
    organisation: 'larkspur-analytics',
    title: DEMO_SCORED_TITLES.open,
    description:
      'We run 400 wind turbines. From a month of sensor readings per turbine (vibration, bearing temperature, age, load), predict the probability that each one needs unplanned service within 30 days. Download the inputs, the training data and a sample entry, and send entries of `id,prediction`: they are scored by ROC AUC against the answers we keep.',
    domain: 'AI/ML',
    skills: ['Machine Learning', 'Python', 'Predictive Maintenance'],
    criteria: ['ROC AUC on the final (private) board', 'A short write-up of the model and its features'],
    prizes: [2500, 1000],
    publishedDaysAgo: 12,
    deadlineInDays: 21,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: allMethods,
    unclaimed: 'returned',
    submissions: DEMO_SCORED_ENTRANTS.map((talent, index) => ({
      talent,
      daysAgo: 10 - index,
      label: 'unreviewed' as const,
      scores: [],
    })),
  },
  {
    organisation: 'larkspur-analytics',
    title: DEMO_SCORED_TITLES.closed,
    description:
      'Estimate the minutes each delivery on our rural routes takes from stop to stop, from distance, road type, parcels and the hour. Entries of `id,prediction` (minutes) are scored by RMSE against the times we measured.',
    domain: 'AI/ML',
    skills: ['Regression', 'Python', 'Logistics'],
    criteria: ['RMSE below 4 minutes on the final (private) board'],
    prizes: [1500],
    publishedDaysAgo: 50,
    deadlineInDays: -12,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: allMethods,
    unclaimed: 'returned',
    submissions: DEMO_SCORED_ENTRANTS.slice(0, 5).map((talent, index) => ({
      talent,
      daysAgo: 30 - index * 3,
      label: 'reviewed' as const,
      scores: [2],
    })),
    ended: {
      state: 'closed',
      daysAgo: 4,
      reason:
        'No entry reached the 4-minute RMSE the criteria asked for on the final board, so there is no winner; the prize returns to us. The entry that led the public board fell to fourth once the private answers were scored.',
    },
  },
  // A test-scored bounty (issue 56 item 7): each entry runs against the sponsor's tests in the runner's
  // sandbox; the tests, the reference and the entries are in testScoredDemo.ts and demo-tests/.
  {
    organisation: 'larkspur-analytics',
    title: DEMO_TEST_SCORED_TITLE,
    description:
      'Our clients send us addresses from web forms, CSV imports and phone notes, and the postcodes arrive in every shape: `sw1a1aa`, ` SW1A  1AA `, `ec1a 1bb`. We want one small, dependency-free Node 20 module, `postcode.js`, exporting `normalisePostcode(input)` (the Royal Mail form, `SW1A 1AA`, or `null` when the input is not a UK postcode; a non-string throws a `TypeError`) and `parsePostcode(input)` (`null`, or its outward and inward codes, area, district, sector and unit).\n\n## How entries are scored\n\nSend an archive (ZIP, tar.gz or git bundle) with `postcode.js` at its top. Each entry runs against our public tests, which you can download and run yourself, in a sandbox as it arrives, and the public board ranks entrants by public tests passed. After the deadline our hidden tests, on the edge cases the rules above imply, run on each entrant’s final entries and decide the final board.',
    domain: 'Software',
    skills: ['Node.js', 'JavaScript', 'Testing'],
    criteria: [
      'Hidden tests passed on the final board',
      'Readable code with no dependencies: we read the winner’s code before announcing',
    ],
    prizes: [800, 300],
    publishedDaysAgo: 6,
    deadlineInDays: 16,
    judgingDays: 14,
    paymentDueDays: 14,
    payoutMethods: allMethods,
    unclaimed: 'returned',
    submissions: DEMO_TEST_SCORED_ENTRANTS.map((talent, index) => ({
      talent,
      daysAgo: 5 - index,
      label: 'unreviewed' as const,
      scores: [],
    })),
  },
];
