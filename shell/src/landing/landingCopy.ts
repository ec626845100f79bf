/** The landing page's words; headings and button labels are the product's exact wording (shell/README.md). */
export const HERO = {
  title: 'PROVE YOUR SKILLS',
  kicker: '// REAL PROBLEMS. REAL REWARDS.',
  lead: 'Bridge the gap between talent and opportunity through real-world proof of competence. Solve paid challenges from real companies and let your work speak for you.',
  explore: 'EXPLORE BOUNTIES',
  postChallenge: 'POST CHALLENGE',
} as const;

export const HOW_IT_WORKS_TITLE = 'HOW IT WORKS';

export const HOW_IT_WORKS_STEPS = [
  {
    title: '01_FIND_BOUNTY',
    text: 'Browse paid challenges posted by companies. Filter by domain, skill and reward until you find a problem worth owning.',
  },
  {
    title: '02_SOLVE_CHALLENGE',
    text: 'Build a working solution against clear success criteria. You are judged on results, not on a résumé or a diploma.',
  },
  {
    title: '03_EARN_REWARDS',
    text: 'Solutions that meet the bar get paid. Every win becomes public proof of competence that companies can hire from.',
  },
] as const;

export const FEATURED_TITLE = 'FEATURED BOUNTIES';

export const CLOSING_CTA = {
  title: 'READY FOR YOUR SIDE QUEST?',
  text: 'Pick a challenge, ship a solution and turn it into a reward and a reputation.',
  explore: 'EXPLORE_BOUNTIES',
  createAccount: 'CREATE_ACCOUNT',
} as const;
