/** How long an e-mailed sign-in code is valid, and how many wrong tries burn it. */
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_ATTEMPTS = 3;
