import fs from 'node:fs';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express, type Request } from 'express';
import compression from 'compression';
import helmet from 'helmet';
import type { ServerConfig } from './config/serverConfig';
import { openDatabase } from './db/database';
import {
  createEarlyPageLane,
  mountSite,
  requestOrigin,
  selfOrigin,
  type PersonalData,
  type PersonalPages,
} from './site/siteHosting';
import { securityHeaders } from './site/securityHeaders';
import { createApiRouter } from './api/apiRouter';
import type { AppStores } from './appStores';
import { bountyMediaRoute } from './bounties/bountiesRouter';
import { BOUNTY_DB_FILE, createBountyStore } from './bounties/bountyStore';
import { SUBMISSIONS_DB_FILE, createBountySubmissionStore } from './bounty-submissions/submissionStore';
import { LEADS_DB_FILE, createLeadStore } from './leads/leadStore';
import { createLeadForwarder } from './leads/forwarding/leadForwarder';
import { createPostgresLeadOutbox, createSqliteLeadOutbox } from './leads/forwarding/leadOutbox';
import { CONTACTS_DB_FILE, createContactStore } from './signups/contactStore';
import { createPreviewsRouter } from './previews/previewsRouter';
import { migrate, openPostgres } from './db/postgres';
import {
  createPostgresBountySubmissionStore,
  createPostgresContactStore,
  createPostgresLeadStore,
  createPostgresRateLimitCounters,
} from './db/postgresStores';
import { RATE_LIMITS_DB_FILE, createSqliteRateLimitCounters } from './rate-limits/rateLimitCounters';
import { serverRenderingFor } from './render/serverRendering';
import { createPublicBounties } from './bounties/publicBounties';
import { createFeedsRouter } from './feeds/feedsRouter';
import { createLogger, requestLogging, type Logger } from './ops/logging';
import {
  RELEASES_DB_FILE,
  createPostgresReleaseStore,
  createSqliteReleaseStore,
} from './releases/releaseStore';
import { createReleaseSnapshots } from './releases/releaseSnapshots';
import { createReleasesRouter } from './releases/releasesRouter';
import { createMetrics } from './ops/metrics';
import type Database from 'better-sqlite3';
import type { PgPool } from './db/postgres';
import { createAccounts, viewerOf, type Accounts } from './accounts/accounts';
import { mountAccounts } from './accounts/accountsRoutes';
import { createAccountRoutes } from './accounts/accountRoutes';
import { createPersonalData } from './accounts/personalData';
import { createDataRights, type PersonalDataPart } from './accounts/dataRights';
import { ACCOUNT_KEY, MY_ORGANISATIONS_KEY, organisationTeamKey } from '@side-quest/data/account';
import { findRoute } from '@side-quest/data/routes';
import { createOrganisations } from './organisations/organisations';
import { createOrganisationRoutes, organisationLogoRoute } from './organisations/organisationRoutes';
import { createStaffConsole } from './staff/staffConsole';
import { LIFECYCLE_DB_FILE, createLifecycleStore } from './lifecycle/lifecycleStore';
import { createLifecycleFeature } from './lifecycle/lifecycleFeature';
import { createFinalBoard } from './scored-bounties/finalBoard';
import { seedDemoData } from './lifecycle/demoSeed';
import { seedScoredDemo } from './scored-bounties/scoredDemo';
import { followTestScoredDemo, seedTestScoredDemo } from './scored-bounties/testScoredDemo';
import { BLOBS_DIR, createFolderBlobStore, createPostgresBlobStore } from './blobs';
import {
  createHostedCatalogue,
  hostedBountiesRouter,
  withHostedBounties,
  type HostedCatalogue,
} from './lifecycle/hostedCatalogue';
import { createSponsors } from './sponsors/sponsors';
import { sponsorApiRouter, sponsorFeedRouter, sponsorPagesRouter } from './sponsors/sponsorRoutes';
import { createTalent } from './trust/talentFeature';
import { createTalentApiRouter } from './trust/talentApi';
import { authSecret } from './accounts/authSecret';
import { createSignInLimits } from './accounts/codeLimits';
import { invitationMail, signInCodeMail } from './accounts/accountMails';
import { createMailFeature } from './mail/mailFeature';
import { HIRING_DB_FILE, createHiringStore } from './hiring/hiringStore';
import { SCORED_DB_FILE, createScoredStore } from './scored-bounties/scoredStore';
import { createTestScoredStore } from './scored-bounties/testScoredStore';
import { RUNS_DB_FILE, createRunStore } from './runner/runStore';
import { mountScoredBounties, scoredPersonalData, withScoredFlags } from './scored-bounties/scoredFeature';
import { createHiring, hiringPersonalData } from './hiring/hiringFeature';
import { seedHiringDemo, seedInterviewRequestDemo } from './hiring/hiringDemo';
import { createInterviewRequestStore } from './hiring/interviewRequestStore';
import { createInterviewRequests } from './hiring/interviewRequestsFeature';
import { createInterviewStaffPage } from './hiring/interviewStaffPage';
import { createScoredStaffPage } from './scored-bounties/scoredStaffPage';
import { renderUserMarkdown } from '@side-quest/design/markdown/server';
import { ALERTS_DB_FILE, createAlertStore } from './alerts/alertStore';
import { createAlertRoutes, createAlerts } from './alerts/alertsFeature';
import { alertBountyList } from './alerts/alertBounties';
import { createPeople } from './lifecycle/people';
import {
  MAIL_DB_FILE,
  createMailPreferencesStore,
  createMailer,
  createPostgresMailOutbox,
  createSqliteMailOutbox,
  fileTransport,
  smtpTransport,
  type MailOutbox,
  type Mailer,
} from './mail';

/** The accounts database file (better-auth's tables) when there is no DATABASE_URL. */
export const ACCOUNTS_DB_FILE = 'accounts.db';

export type { AppStores } from './appStores';

/** How often the lead forwarder looks for due deliveries. */
const FORWARD_POLL_MS = 1_000;

export function openStores(config: ServerConfig): AppStores {
  const leadsDb = openDatabase(config.dataDir, LEADS_DB_FILE);
  const contactsDb = openDatabase(config.dataDir, CONTACTS_DB_FILE);
  const bountiesDb = openDatabase(config.dataDir, BOUNTY_DB_FILE);
  const submissionsDb = openDatabase(config.dataDir, SUBMISSIONS_DB_FILE);
  // Counters may lose their last hits in a power cut; an fsync per request would cost every write.
  const rateLimitsDb = openDatabase(config.dataDir, RATE_LIMITS_DB_FILE, { durable: false });
  const releasesDb = openDatabase(config.dataDir, RELEASES_DB_FILE);
  const accountsDb = openDatabase(config.dataDir, ACCOUNTS_DB_FILE);
  const mailDb = openDatabase(config.dataDir, MAIL_DB_FILE);
  const lifecycleDb = openDatabase(config.dataDir, LIFECYCLE_DB_FILE);
  const hiringDb = openDatabase(config.dataDir, HIRING_DB_FILE);
  const alertsDb = openDatabase(config.dataDir, ALERTS_DB_FILE);
  const scoredDb = openDatabase(config.dataDir, SCORED_DB_FILE);
  const runsDb = openDatabase(config.dataDir, RUNS_DB_FILE);
  const mailer = mailerFor(config, createSqliteMailOutbox(mailDb));
  const accounts = accountsFor(config, accountsDb, mailer);

  const forwarding = config.leads.forwarding;
  // The store first: it creates the outbox table the forwarder reads.
  const leads = createLeadStore(leadsDb, { outbox: forwarding !== null });
  const leadForwarder = forwarding
    ? createLeadForwarder(createSqliteLeadOutbox(leadsDb), { ...forwarding, pollMs: FORWARD_POLL_MS })
    : null;

  const databases = [
    leadsDb,
    contactsDb,
    bountiesDb,
    submissionsDb,
    rateLimitsDb,
    releasesDb,
    accountsDb,
    mailDb,
    lifecycleDb,
    hiringDb,
    alertsDb,
    scoredDb,
    runsDb,
  ];
  return {
    leads,
    contacts: createContactStore(contactsDb),
    bounties: createBountyStore(bountiesDb),
    bountySubmissions: createBountySubmissionStore(submissionsDb),
    rateLimitCounters: createSqliteRateLimitCounters(rateLimitsDb),
    releases: createSqliteReleaseStore(releasesDb),
    accounts,
    mailer,
    mailPreferences: createMailPreferencesStore(mailDb),
    alerts: createAlertStore(alertsDb),
    blobs: createFolderBlobStore(path.join(config.dataDir, BLOBS_DIR)),
    lifecycle: createLifecycleStore(lifecycleDb),
    hiring: createHiringStore(hiringDb),
    interviewRequests: createInterviewRequestStore(hiringDb),
    scored: createScoredStore(scoredDb),
    testScored: createTestScoredStore(scoredDb),
    runs: createRunStore(runsDb),
    leadForwarder,
    async ping() {
      for (const db of databases) db.prepare('SELECT 1').get();
      await accounts.ready;
    },
    async close() {
      await leadForwarder?.stop();
      await mailer.stop();
      // A migration still running would meet a closed database.
      await accounts.ready.catch(() => undefined);
      for (const db of databases) db.close();
    },
  };
}

/**
 * The stores with DATABASE_URL: leads and their outbox, contacts, bounty submissions and rate-limit
 * counters in PostgreSQL (migrated at start), shared by every instance. The bounty catalogue stays in
 * each instance's SQLite file: it is read-only here, seeded from the shipped data file.
 */
export async function openPostgresStores(config: ServerConfig & { databaseUrl: string }): Promise<AppStores> {
  const pool = openPostgres(config.databaseUrl);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const bountiesDb = openDatabase(config.dataDir, BOUNTY_DB_FILE);
  const pgMailer = mailerFor(config, createPostgresMailOutbox(pool));
  const accounts = accountsFor(config, pool, pgMailer);
  try {
    // Awaited here, so no request (and no test stopping the database) meets a half-made schema.
    await accounts.ready;
  } catch (error) {
    await pool.end();
    throw error;
  }
  const forwarding = config.leads.forwarding;
  const leadForwarder = forwarding
    ? createLeadForwarder(createPostgresLeadOutbox(pool), { ...forwarding, pollMs: FORWARD_POLL_MS })
    : null;
  return {
    leads: createPostgresLeadStore(pool, { outbox: forwarding !== null }),
    contacts: createPostgresContactStore(pool),
    bounties: createBountyStore(bountiesDb),
    bountySubmissions: createPostgresBountySubmissionStore(pool),
    rateLimitCounters: createPostgresRateLimitCounters(pool),
    releases: createPostgresReleaseStore(pool),
    accounts,
    mailer: pgMailer,
    mailPreferences: createMailPreferencesStore(pool),
    alerts: createAlertStore(pool),
    blobs: createPostgresBlobStore(pool),
    lifecycle: createLifecycleStore(pool),
    hiring: createHiringStore(pool),
    interviewRequests: createInterviewRequestStore(pool),
    scored: createScoredStore(pool),
    testScored: createTestScoredStore(pool),
    runs: createRunStore(pool),
    leadForwarder,
    async ping() {
      await pool.query('SELECT 1');
      bountiesDb.prepare('SELECT 1').get();
    },
    async close() {
      await leadForwarder?.stop();
      await pgMailer.stop();
      await pool.end();
      bountiesDb.close();
    },
  };
}

/** The mail sender on an outbox: SMTP_URL's server, or .eml files in DATA_DIR/mail for a fresh clone. */
function mailerFor(config: ServerConfig, outbox: MailOutbox): Mailer {
  const { smtpUrl, mailFrom } = config.accounts;
  return createMailer({
    outbox,
    transport: smtpUrl ? smtpTransport(smtpUrl) : fileTransport(path.join(config.dataDir, 'mail')),
    from: mailFrom,
    log: createLogger(config.logLevel),
  });
}

/** Identity on its database, sending its e-mail (codes, invitations) through the outbox. */
function accountsFor(config: ServerConfig, database: Database.Database | PgPool, mailer: Mailer): Accounts {
  return createAccounts({
    database,
    secret: authSecret(config.accounts.secret, config.dataDir, config.databaseUrl).secret,
    publicUrl: config.publicUrl,
    sendCode: async (email, code) => {
      await mailer.send(signInCodeMail(email, code));
    },
    sendInvitation: async (invitation) => {
      await mailer.send(invitationMail(invitation, config.publicUrl ?? 'http://localhost:3000'));
    },
  });
}

/** PostgreSQL when DATABASE_URL is set, else the SQLite files in DATA_DIR; with the demo history when SEED_DEMO. */
export async function openStoresFor(config: ServerConfig): Promise<AppStores> {
  const { databaseUrl } = config;
  const stores = databaseUrl ? await openPostgresStores({ ...config, databaseUrl }) : openStores(config);
  if (config.seedDemo) {
    // Before the first request: a fresh start shows the whole lifecycle (SEED_DEMO, once per database).
    try {
      await stores.accounts.ready;
      await seedDemoData(stores.accounts.auth, stores.lifecycle);
      await seedScoredDemo(stores);
      await seedTestScoredDemo(stores);
      await seedHiringDemo(stores.accounts.auth, stores.hiring);
      await seedInterviewRequestDemo(stores.accounts.auth, stores.lifecycle, stores.interviewRequests);
    } catch (error) {
      await stores.close();
      throw error;
    }
    // The test-scored demo's entries are queued once its reference runs passed (the runner's work).
    const logger = createLogger(config.logLevel);
    const stopFollowing = followTestScoredDemo(stores, {
      log: { error: (details, message) => logger.error(details, message) },
    });
    const close = stores.close.bind(stores);
    stores.close = async () => {
      await stopFollowing();
      await close();
    };
  }
  return stores;
}

/** Builds the whole server: security headers, the API routes, then the composed site. */
export function createApp(
  config: ServerConfig,
  stores: AppStores = openStores(config),
  logger: Logger = createLogger(config.logLevel),
): Express {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const app = express();
  const rendering = serverRenderingFor(config);
  const metrics = createMetrics(
    {
      outboxBacklog: () => stores.leads.pendingDeliveries(),
      deliveryFailures: () => stores.leadForwarder?.deliveryFailures() ?? 0,
      remoteLoadFailures: () => rendering.loadFailures(),
      sharedLibraryCopies: () => rendering.sharedCopies(),
    },
    config.metricsToken,
  );
  app.use(requestLogging(logger));
  app.use(metrics.measure);
  app.disable('x-powered-by');
  // Which proxies' X-Forwarded-For names the client (TRUST_PROXY): the rate limits key on req.ip.
  app.set('trust proxy', config.trustProxy);
  app.use(helmet(securityHeaders(config)));
  // Anonymous page loads the HTML cache holds fresh, gzipped, are answered here, ahead of the rest.
  const earlyPages = createEarlyPageLane();
  app.use(earlyPages.handler);
  app.use(compression());

  // Identity before every route: the CSRF check of all writes, the access rules, sign-in.
  const { accounts } = stores;
  mountAccounts(app, {
    accounts,
    limits: createSignInLimits(stores.rateLimitCounters),
    publicUrl: config.publicUrl,
  });
  stores.mailer.start();
  // Mail preferences, the post every optional mail goes through, and one-click unsubscribe.
  const mail = createMailFeature({
    mailer: stores.mailer,
    store: stores.mailPreferences,
    accounts,
    legacyLifecycleSwitch: (userId) => stores.lifecycle.optionalMail(userId),
    secret: authSecret(config.accounts.secret, config.dataDir, config.databaseUrl).secret,
    origin: config.publicUrl ?? 'http://localhost:3000',
    counters: stores.rateLimitCounters,
    onLimited: metrics.rateLimited,
    log: logger,
  });

  // Sponsor organisations; someone leaving one stays barred from its bounties for a while (lifecycle).
  const organisations = createOrganisations(accounts.auth, (organisationId, userId) =>
    stores.lifecycle.recordLeaving(organisationId, userId, new Date().toISOString()),
  );
  // Bounties hosted here (the lifecycle) join the imported catalogue in one list, whatever its source.
  let hosted: HostedCatalogue | null = null;
  const lifecycle = createLifecycleFeature({
    store: stores.lifecycle,
    accounts,
    organisations,
    post: mail.post,
    preferences: mail.preferences,
    origin: config.publicUrl ?? 'http://localhost:3000',
    skillOptions: (req) => skillOptions(req),
    sitePages: () => pages(),
    changed: async () => {
      // A withdrawal or a rejection changes a leaderboard too.
      scored.boards.drop();
      await hosted?.refresh();
    },
    finalBoard: createFinalBoard({
      scored: stores.scored,
      lifecycle: stores.lifecycle,
      testScored: stores.testScored,
    }),
    postFormSetup: () => scored.postFormSetup,
    // A test-scored bounty waits for its reference runs to pass (issue 56 item 3).
    approvalProblem: (bountyId) => scored.tests.approvalProblem(bountyId),
  });
  hosted = createHostedCatalogue(async () =>
    withScoredFlags(await lifecycle.lifecycle.publicList(), stores.scored, stores.testScored),
  );
  hosted.ready.catch((error: unknown) => logger.error({ err: error }, 'Loading the hosted bounties failed'));
  lifecycle.startReminders((error) => logger.error({ err: error }, 'Sending lifecycle reminders failed'));
  const bounties = withHostedBounties(stores.bounties, hosted);

  // The feeds and the public API publish one list, read and indexed once per version of it.
  const publicBounties = createPublicBounties(config, bounties, selfOrigin);
  const publicOrigin = (req: Request) => config.publicUrl ?? requestOrigin(req);
  app.get('/metrics', metrics.endpoint);
  // The skills a profile may name: the ones the listed bounties use.
  const skillOptions = async (req: Request) => {
    try {
      const { byId } = await publicBounties.snapshot(req);
      return [...new Set([...byId.values()].flatMap((bounty) => bounty.skill_tags))].sort((a, b) =>
        a.localeCompare(b, 'en'),
      );
    } catch {
      return [];
    }
  };
  const personal = createPersonalData(accounts.auth);
  // Saved-search alerts: the digests (the server's clock and `npm run alerts -- send-due`) and the forms.
  const alerts = createAlerts({
    store: stores.alerts,
    preferences: mail.preferences,
    post: mail.post,
    addresses: createPeople(accounts.auth),
    bounties: alertBountyList(config, bounties, async () => hosted?.list() ?? []),
    unsubscribeUrl: (alertId) => mail.unsubscribeUrl({ alertId }),
    origin: config.publicUrl ?? 'http://localhost:3000',
    log: logger,
  });
  mail.useAlerts(alerts);
  if (config.alertsEveryMinutes > 0) {
    const sendAlerts = () =>
      void alerts
        .sendDue()
        .catch((error: unknown) => logger.error({ err: error }, 'Sending alert digests failed'));
    setInterval(sendAlerts, config.alertsEveryMinutes * 60_000).unref();
  }
  let interviewPersonalData: PersonalDataPart | null = null;
  const dataRights = createDataRights(accounts.auth, personal, organisations, [
    mail.personalData,
    alerts.personalData,
    hiringPersonalData(stores.hiring),
    scoredPersonalData(stores.scored, stores.blobs),
    // Created with the talent pages below; an export or deletion runs only once the app serves.
    {
      export: (person) => interviewPersonalData?.export(person) ?? Promise.resolve({}),
      remove: (person) => interviewPersonalData?.remove(person) ?? Promise.resolve(),
    },
  ]);
  // The account page's data and form posts; a form sent back with problems is rendered by the site's
  // page renderer, mounted last (the catch-all).
  let sitePages: PersonalPages | null = null;
  const pages = () => {
    if (!sitePages) throw new Error('The site is not mounted yet');
    return sitePages;
  };
  app.use(createAccountRoutes({ accounts, personal, dataRights, skillOptions, pages }));
  app.use(mail.router);
  app.use(createAlertRoutes({ accounts, alerts, pages, log: logger }));
  // Sponsor organisations (their data, forms and logos) and the staff console.
  app.use(createOrganisationRoutes({ accounts, organisations, pages }));
  app.use('/media/organisations', organisationLogoRoute(organisations));
  app.use(lifecycle.routes);
  // Scored bounties (issue 45): scoring setups, entrants' files, entries scored off the request path.
  const scored = mountScoredBounties(app, {
    stores,
    accounts,
    organisations,
    sitePages: pages,
    logger,
    post: mail.post,
    origin: config.publicUrl ?? 'http://localhost:3000',
    publicOrigin,
    readRateLimitPerMinute: config.readRateLimitPerMinute,
    uploadRateLimit: { limit: config.rateLimits.bountySubmissions, windowMs: config.rateLimits.windowMs },
  });
  app.use(hostedBountiesRouter(hosted));
  app.use(
    createStaffConsole({
      organisations,
      drafts: stores.bountySubmissions,
      lifecycle: lifecycle.staff,
      scoredBountyIds: (ids) => stores.scored.scoredBountyIds(ids),
    }),
  );
  // Talent profiles and what skills pay (issue 33), before the public API's own 404 under /api/v1.
  const talent = createTalent({
    auth: accounts.auth,
    store: stores.lifecycle,
    hosted,
    openToWork: () => stores.hiring.openToWorkByUser(),
    // Created below, with the hiring pages; asked only once the app serves.
    hiredBy: (userId) => interviewRequests.hiredByOnProfile(userId),
  });
  // Open to work and interview requests (issue 46): the account's forms and what a viewer may see.
  const hiring = createHiring({
    store: stores.hiring,
    accounts,
    organisations,
    personal,
    talent,
    pages,
    publicOrigin,
  });
  app.use(hiring.router);
  // Interview requests and hires (issue 46 items 3 and 4): the person's, the team's and the staff's pages.
  const interviewRequests = createInterviewRequests({
    store: stores.interviewRequests,
    hiring: stores.hiring,
    accounts,
    organisations,
    lifecycle: stores.lifecycle,
    profiles: () => talent.directoryCandidates(),
    people: createPeople(accounts.auth),
    post: mail.post,
    unsubscribeUrl: (personId) => mail.unsubscribeUrl({ kind: 'interview-requests', personId }),
    renderMarkdown: renderUserMarkdown,
    pages,
    origin: config.publicUrl ?? 'http://localhost:3000',
  });
  app.use(interviewRequests.router);
  app.use(createInterviewStaffPage({ store: stores.interviewRequests, organisations }));
  // Staff's scores and copy flags of scored bounties (issue 45 items 6 and 12).
  app.use(
    createScoredStaffPage({
      accounts,
      scored,
      store: stores.scored,
      tests: stores.testScored,
      lifecycle: stores.lifecycle,
      organisations,
      people: createPeople(accounts.auth),
    }),
  );
  interviewPersonalData = interviewRequests.personalData;
  app.use(
    '/api/v1',
    createTalentApiRouter({ talent, publicOrigin, readRateLimitPerMinute: config.readRateLimitPerMinute }),
  );
  // Sponsors' public pages and records (issue 33), before the public API's own 404 under /api/v1.
  const sponsorRoutes = {
    sponsors: createSponsors({
      hosted,
      sponsorBySlug: (slug) => organisations.sponsorBySlug(slug),
      hiredCount: async (id) => (await stores.interviewRequests.confirmedHireCounts()).get(id) ?? 0,
    }),
    publicOrigin,
    readRateLimitPerMinute: config.readRateLimitPerMinute,
  };
  app.use('/api/sponsors', sponsorPagesRouter(sponsorRoutes));
  app.use('/api/v1', sponsorApiRouter(sponsorRoutes));
  // Before the API's own 404: /api/releases and the /releases page.
  app.use(createReleasesRouter(stores.releases));
  app.use(
    '/api',
    createApiRouter(
      config,
      { ...stores, bounties },
      { bounties: publicBounties, publicOrigin },
      { onLimited: metrics.rateLimited, pages },
    ),
  );
  stores.leadForwarder?.start();

  app.use('/media/bounties', bountyMediaRoute());
  // Link-preview images (og:image), before the site's catch-all so a miss is a plain 404, not the HTML.
  app.use(
    '/og',
    createPreviewsRouter({
      config,
      bounties,
      sections: rendering,
      selfOrigin,
      talent,
    }),
  );
  // Before the site's catch-all, so an unknown feed is a plain 404, not the HTML.
  app.use('/feeds/sponsors', sponsorFeedRouter(sponsorRoutes));
  app.use(
    '/feeds',
    createFeedsRouter({
      bounties: publicBounties,
      publicOrigin,
      readRateLimitPerMinute: config.readRateLimitPerMinute,
    }),
  );
  // Every page load reads the registry through one snapshot, at most 5 s old.
  const releaseSnapshots = createReleaseSnapshots(stores.releases);
  rendering.followReleases(releaseSnapshots.current);
  const personalData: PersonalData = {
    async viewerOf(req) {
      const person = await accounts.person(req);
      return person ? viewerOf(person) : null;
    },
    async queriesFor(req, url) {
      const person = await accounts.person(req);
      if (!person) return [];
      const match = findRoute(new URL(url, 'http://site.invalid').pathname);
      switch (match?.id) {
        case 'account':
          return [
            [ACCOUNT_KEY, await personal.overview(req, person, await skillOptions(req))],
            ...(await mail.accountQueries(person)),
            ...(await hiring.accountQueries(person)),
          ];
        case 'accountAlerts':
          return alerts.queries(person);
        case 'accountInterviewRequests':
          return interviewRequests.accountQueries(person);
        case 'teamInterviewRequests':
          return interviewRequests.teamQueries(
            person,
            decodeURIComponent(match.params.slug ?? ''),
            new URL(url, 'http://site.invalid').search,
          );
        case 'talentDirectory':
          return hiring.queriesFor(req, person, match.id, match.params, url);
        case 'talentProfile':
          return [
            ...(await hiring.queriesFor(req, person, match.id, match.params, url)),
            ...(await interviewRequests.profileQueries(
              person,
              decodeURIComponent(match.params.handle ?? ''),
            )),
          ];
        case 'sponsorTeams':
          return [[MY_ORGANISATIONS_KEY, await organisations.mine(person)]];
        case 'sponsorTeam': {
          const slug = decodeURIComponent(match.params.slug ?? '');
          return [[organisationTeamKey(slug), await organisations.team(person, slug)]];
        }
        default:
          return match
            ? [
                ...(await lifecycle.queriesFor(req, person, match.id, match.params)),
                ...(await scored.queriesFor(person, match.id, match.params)),
              ]
            : [];
      }
    },
  };
  sitePages = mountSite(app, config, bounties, releaseSnapshots.current, personalData, earlyPages);

  // Anything a client sends must never surface as a 500 with a stack trace.
  const onError: ErrorRequestHandler = (
    error: { status?: number; statusCode?: number; expose?: boolean },
    req,
    res,
    _next,
  ) => {
    const status = error.status ?? error.statusCode ?? 500;
    if (status >= 500) req.log.error({ err: error }, 'Request failed');
    if (res.headersSent) return;
    const message =
      status === 404 ? 'Not found' : status < 500 && error.expose !== false ? 'Bad request' : 'Server error';
    res.status(status).json({ success: false, message });
  };
  app.use(onError);
  return app;
}
