/**
 * Each route's head (its title and description) before its data is known, and of pages whose head never
 * changes (a page whose head comes from its data sets it itself). Kept out of the route table because the
 * table is in every page's download (it is part of the shared @side-quest/data singleton, and a singleton
 * keeps every export): one named export per route here lets each app's build carry only the heads of the
 * pages it renders (about 1.2 KB gzip a page).
 */
import type { RouteHead } from './routeTable';

export const landingHead: RouteHead = {
  description:
    'Prove your skills by solving paid, real-world challenges posted by companies. Find a bounty, ship a solution, earn the reward and get hired.',
};

export const bountiesHead: RouteHead = {
  title: 'Bounties',
  description: 'Browse paid, real-world challenges by skill, domain and reward, and prove your competence.',
};

export const compassHead: RouteHead = {
  title: 'Value Compass',
  description:
    'Which skills companies pay for: the most in-demand skills, trending areas and highest paying skills across Side Quest bounties.',
};

export const storiesHead: RouteHead = {
  title: 'Success Stories',
  description:
    'Real people, real bounties: how the Side Quest community turned paid real-world challenges into Proof of Competence.',
};

export const allStoriesHead: RouteHead = {
  title: 'All Success Stories',
  description: 'Every success story from the Side Quest community, newest first.',
};

export const talentDirectoryHead: RouteHead = {
  title: 'Talent directory',
  description:
    'People with proven skills on Side Quest: public profiles by the bounties they won, filtered by skill and by who is open to work.',
};

export const talentProfileHead: RouteHead = {
  title: 'Talent profile',
  description:
    'Proof of Competence on Side Quest: the bounties a person won, with sponsor and prize, and the skills they prove.',
};

export const forClientsHead: RouteHead = {
  title: 'For Clients',
  description:
    'Tell us your biggest growth blocker, hiring confidence or a technical bottleneck, and see how a bounty can solve it with proven talent.',
};

export const aboutHead: RouteHead = {
  title: 'About',
  description:
    'Why Side Quest exists: paid, real-world challenges that let anyone prove competence, earn rewards and get hired, at a time when AI is reshaping skills.',
};

export const signInHead: RouteHead = {
  title: 'Sign in',
  description:
    'Sign in to Side Quest or create your account with a code e-mailed to you, or with a passkey. No password.',
};

export const accountHead: RouteHead = {
  title: 'Your account',
  description: 'Your Side Quest profile, sign-in methods, sessions, sponsor organisations and data.',
};

export const accountAlertsHead: RouteHead = {
  title: 'Bounty alerts',
  description:
    'Your saved searches on Side Quest: e-mail digests of new bounties like them, daily or weekly.',
};

export const accountInterviewRequestsHead: RouteHead = {
  title: 'Interview requests',
  description:
    'Interview requests from verified sponsors on Side Quest: accept, decline or block, and confirm a hire.',
};

export const sponsorTeamsHead: RouteHead = {
  title: 'Your sponsor organisations',
  description: 'The sponsor organisations you belong to on Side Quest, and invitations to join one.',
};

export const sponsorTeamHead: RouteHead = {
  title: 'Sponsor team',
  description: "A sponsor organisation's team on Side Quest.",
};

export const postBountyHead: RouteHead = {
  title: 'Post a bounty',
  description:
    'Post a bounty on Side Quest: the challenge, its acceptance criteria, prize slots and deadlines.',
};

export const bountyConsoleHead: RouteHead = {
  title: 'Bounty console',
  description: "A sponsor team's console for one bounty: submissions, reviews, winners and payments.",
};

export const teamInterviewRequestsHead: RouteHead = {
  title: 'Interview requests',
  description: "A sponsor team's interview requests on Side Quest: send one on evidence, and record a hire.",
};

export const submitSolutionHead: RouteHead = {
  title: 'Submit a solution',
  description: 'Submit your solution to a bounty hosted on Side Quest.',
};

export const mySubmissionsHead: RouteHead = {
  title: 'My submissions',
  description: 'Your submissions to Side Quest bounties, their state, your wins and payments.',
};

export const paymentAnswerHead: RouteHead = {
  title: 'Your prize payment',
  description: 'Confirm whether the prize the sponsor recorded reached you.',
};
