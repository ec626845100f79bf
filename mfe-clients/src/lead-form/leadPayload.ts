// The lead payload contract is shared with the server's check (@side-quest/data).
export {
  CHALLENGE_TYPES,
  type ChallengeType,
  type LeadSubmission as LeadPayload,
} from '@side-quest/data/forms';
