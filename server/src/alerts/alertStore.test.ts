import { ALERT_LIMITS } from '@side-quest/data/alerts';
import { storeAdapters } from '../testing/testStoreAdapters';
import { ALERTS_DB_FILE, createAlertStore, type AlertStore } from './alertStore';

const adapters = storeAdapters('alert-store', ALERTS_DB_FILE, createAlertStore);

const at = '2026-11-28T12:00:00.000Z';
const alert = (userId: string, name: string) => ({
  userId,
  name,
  query: 'skill=Rust',
  frequency: 'daily' as const,
});

describe.each(adapters)('the alert store on %s', (_name, open) => {
  let store: AlertStore;
  let another: () => Promise<AlertStore>;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ store, another, close } = await open());
  });
  afterEach(() => close());

  it('keeps a person to their limit when saves race on two instances, the first save included', async () => {
    const instances = [store, await another()];
    const ids = await Promise.all(
      Array.from({ length: ALERT_LIMITS.perPerson + 5 }, (_, index) =>
        instances[index % 2]!.create(alert('ada', `Search ${index}`), at, ALERT_LIMITS.perPerson),
      ),
    );
    expect(ids.filter(Boolean)).toHaveLength(ALERT_LIMITS.perPerson);
    expect(await store.listOf('ada')).toHaveLength(ALERT_LIMITS.perPerson);
    // Another person's limit is their own.
    expect(await store.create(alert('bob', 'Mine'), at, ALERT_LIMITS.perPerson)).toEqual(expect.any(String));
  });

  it('frees a place when an alert is deleted', async () => {
    const first = (await store.create(alert('ada', 'One'), at, 1))!;
    expect(await store.create(alert('ada', 'Two'), at, 1)).toBeNull();
    expect(await store.delete('ada', first)).toBe(true);
    expect(await store.create(alert('ada', 'Two'), at, 1)).toEqual(expect.any(String));
  });
});
