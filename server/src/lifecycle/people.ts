import { PAYOUT_METHODS, type PayoutMethod } from '@side-quest/data/account';
import type { AuthInstance } from '../accounts/authInstance';
import type { PersonFacts } from './lifecycle';

interface UserRow {
  id: string;
  email: string;
  name?: string | null;
  handle?: string | null;
  country?: string | null;
  payoutMethod?: string | null;
}

const payoutMethodOf = (value: string | null | undefined): PayoutMethod | null =>
  PAYOUT_METHODS.find(([id]) => id === value)?.[0] ?? null;

/** The lifecycle's view of accounts: each person's address, handle and eligibility facts, in one query. */
export function createPeople(auth: AuthInstance) {
  return async (ids: string[]): Promise<Map<string, PersonFacts>> => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const adapter = (await auth.$context).adapter;
    const users = (await adapter.findMany({
      model: 'user',
      where: [{ field: 'id', operator: 'in', value: unique }],
    })) as UserRow[];
    return new Map(
      users.map((user) => [
        user.id,
        {
          id: user.id,
          email: user.email,
          name: user.name ?? '',
          handle: user.handle ?? null,
          country: user.country ?? null,
          payoutMethod: payoutMethodOf(user.payoutMethod),
        },
      ]),
    );
  };
}
