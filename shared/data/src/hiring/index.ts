export * from './openToWork';
export * from './talentDirectory';
export * from './hiringQueries';
export * from './interviewRequests';
export * from './interviewRequestPages';
