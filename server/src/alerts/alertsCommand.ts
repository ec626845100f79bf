import { renderUserMarkdown } from '@side-quest/design/markdown/server';
import type { AppStores } from '../appStores';
import { authSecret } from '../accounts/authSecret';
import type { ServerConfig } from '../config/serverConfig';
import { createHostedCatalogue, withHostedBounties } from '../lifecycle/hostedCatalogue';
import { createLifecycle } from '../lifecycle/lifecycle';
import { createPeople } from '../lifecycle/people';
import { createMailFeature } from '../mail/mailFeature';
import type { MailLog } from '../mail';
import { createOrganisations } from '../organisations/organisations';
import { alertBountyList } from './alertBounties';
import { createAlerts } from './alertsFeature';

/**
 * The alerts as `npm run alerts -- send-due` runs them, on the server's own stores (DATA_DIR or
 * DATABASE_URL) without its web server: the same public list (the catalogue with the hosted bounties,
 * or Firestore's), the same mail post and unsubscribe tokens (the server's secret), the same claims.
 */
export async function alertsOnStores(config: ServerConfig, stores: AppStores, log: MailLog) {
  const origin = config.publicUrl ?? 'http://localhost:3000';
  const people = createPeople(stores.accounts.auth);
  // The hosted bounties as the public list shows them (their sponsor and its record on each card).
  const lifecycle = createLifecycle({
    store: stores.lifecycle,
    organisations: createOrganisations(stores.accounts.auth),
    people,
    send: () => Promise.reject(new Error('The alerts command sends no lifecycle mail')),
    renderMarkdown: renderUserMarkdown,
    origin,
  });
  const hosted = createHostedCatalogue(() => lifecycle.publicList());
  await hosted.ready;
  const mail = createMailFeature({
    mailer: stores.mailer,
    store: stores.mailPreferences,
    accounts: stores.accounts,
    legacyLifecycleSwitch: (userId) => stores.lifecycle.optionalMail(userId),
    secret: authSecret(config.accounts.secret, config.dataDir, config.databaseUrl).secret,
    origin,
    counters: stores.rateLimitCounters,
    log,
  });
  const alerts = createAlerts({
    store: stores.alerts,
    preferences: mail.preferences,
    post: mail.post,
    addresses: people,
    bounties: alertBountyList(config, withHostedBounties(stores.bounties, hosted), async () => hosted.list()),
    unsubscribeUrl: (alertId) => mail.unsubscribeUrl({ alertId }),
    origin,
    log,
  });
  return alerts;
}
