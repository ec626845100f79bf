export * from './statistics';
export * from './talentProof';
export * from './skillPay';
export * from './rewardSuggestion';
export * from './sponsorRecord';
export * from './sponsorPage';
export * from './trustQueries';
