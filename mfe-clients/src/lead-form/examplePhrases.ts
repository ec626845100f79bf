import type { ChallengeType } from './leadPayload';

/** The placeholder phrases the typing effect cycles through, 8 per challenge type. */
export const EXAMPLE_PHRASES: Record<ChallengeType, readonly string[]> = {
  hiring: [
    "Interviews don't show who can really ship",
    'Our last two data hires could not deliver',
    'Is this candidate a real Kubernetes expert?',
    'Every ML résumé looks exactly the same',
    'Take-home tests get gamed or ignored',
    'Hiring a security lead with no expert on staff',
    'A wrong senior hire costs us months of runway',
    'Contractors promise more than they deliver',
  ],
  bottleneck: [
    'Our CI pipeline takes 40 minutes per run',
    'Checkout slows to a crawl under peak load',
    'Nobody can untangle the legacy billing code',
    'Our ML model drifts and we cannot say why',
    'The mobile app crashes on older Android phones',
    'Data exports time out for our largest customers',
    'The cloud bill doubled and no one knows why',
    'Search results feel irrelevant to our users',
  ],
};

/** Whether text equals one of the example phrases: a copied hint, not the visitor's own challenge. */
export function isExamplePhrase(text: string): boolean {
  return Object.values(EXAMPLE_PHRASES).some((phrases) => phrases.includes(text));
}
