import type { BountyDraft } from './bountyDraft';

export const BOUNTY_SUBMISSIONS_PATH = '/api/bounty-submissions';

export interface BountySubmissionReceipt {
  id: number;
  status: 'pending';
}

/**
 * Sends a draft to the server, which validates it again and stores it as a pending submission (never
 * published automatically). Rejects with the server's message, or a generic one, on any failure.
 */
export async function submitBountyDraft(draft: BountyDraft): Promise<BountySubmissionReceipt> {
  let response: Response;
  try {
    response = await fetch(BOUNTY_SUBMISSIONS_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(draft),
    });
  } catch {
    throw new Error('The server could not be reached.');
  }
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    id?: number;
  } | null;
  if (!response.ok || !body || body.success !== true || typeof body.id !== 'number') {
    throw new Error(body?.message || `The server answered ${response.status}.`);
  }
  return { id: body.id, status: 'pending' };
}
