export * from './stages';
export * from './hostedBountyForm';
export * from './submissionForm';
export * from './review';
export * from './hostedView';
export * from './pages';
export * from './scored';
export * from './leaderboard';
