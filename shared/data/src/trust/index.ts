export * from './statistics';
export * from './talentProof';
export * from './skillPay';
export * from './rewardSuggestion';
export * from './sponsorRecord';
export * from './sponsorPage';
export * from './sponsorPaths';
export * from './trustQueries';
