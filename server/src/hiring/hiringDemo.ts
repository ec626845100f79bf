import type { OpenToWork } from '@side-quest/data/hiring';
import type { AuthInstance } from '../accounts/authInstance';
import type { HiringStore } from './hiringStore';

const DAY_MS = 86_400_000;

/**
 * The demo history's hiring part (SEED_DEMO, issue 46 item 7): two demo winners open to work, one for
 * every visitor and one for verified sponsors only. A person who already chose anything is left alone,
 * so a restart never undoes what someone changed.
 */
export const DEMO_OPEN_TO_WORK: ReadonlyArray<{ handle: string; openToWork: (now: number) => OpenToWork }> = [
  {
    handle: 'tomas-novak',
    openToWork: () => ({
      kinds: ['freelance', 'full-time'],
      remote: true,
      countries: ['CZ', 'DE'],
      availableFrom: null,
      audience: 'everyone',
    }),
  },
  {
    handle: 'priya-nair',
    openToWork: (now) => ({
      kinds: ['part-time'],
      remote: true,
      countries: [],
      availableFrom: new Date(now + 30 * DAY_MS).toISOString().slice(0, 10),
      audience: 'verified-sponsors',
    }),
  },
];

export async function seedHiringDemo(
  auth: AuthInstance,
  store: HiringStore,
  now = Date.now(),
): Promise<void> {
  const adapter = (await auth.$context).adapter;
  for (const demo of DEMO_OPEN_TO_WORK) {
    const user = (await adapter.findOne({
      model: 'user',
      where: [{ field: 'handle', value: demo.handle }],
    })) as { id: string } | null;
    if (!user) continue;
    const preferences = await store.preferences(user.id);
    if (preferences.openToWork || !preferences.interviewRequestsOn) continue;
    await store.saveOpenToWork(user.id, demo.openToWork(now), new Date(now).toISOString());
  }
}
