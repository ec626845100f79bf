import type Database from 'better-sqlite3';
import { betterAuth } from 'better-auth';
import { emailOTP, organization } from 'better-auth/plugins';
import { getMigrations } from 'better-auth/db/migration';
import { passkey } from '@better-auth/passkey';
import type { PgPool } from '../db/postgres';
import { SESSION_COOKIE_PREFIX } from './sessionCookie';
import { CODE_ATTEMPTS, CODE_TTL_SECONDS } from './codeRules';

/** The header the server sets from req.ip (TRUST_PROXY decides it): better-auth reads the client IP there. */
export const CLIENT_IP_HEADER = 'x-side-quest-client-ip';

export interface AuthOptions {
  /** better-sqlite3 database (accounts.db) or the PostgreSQL pool (DATABASE_URL). */
  database: Database.Database | PgPool;
  /** Signs session cookies; from AUTH_SECRET or the generated DATA_DIR/auth-secret. */
  secret: string;
  /** PUBLIC_URL when set; otherwise the request's own host, on loopback names only. */
  publicUrl: string | null;
  /** Sends a sign-in code (through the durable outbox). */
  sendCode(email: string, code: string): Promise<void>;
  /** Sends an organisation invitation (through the durable outbox). */
  sendInvitation(invitation: {
    email: string;
    organizationName: string;
    invitationId: string;
  }): Promise<void>;
}

/**
 * better-auth with the site's choices: sign-in by e-mailed code and by passkey (no password, no magic
 * link), sponsor organisations with invitations, every table prefixed auth_ ("user" is a reserved word in
 * PostgreSQL), codes stored hashed, the origin check on in every environment (NODE_ENV=test turns it off
 * by default), and better-auth's own rate limiter off: the site's limiter (codeLimits.ts) counts per
 * address and per client in the shared counters, which better-auth's cannot.
 */
export function createAuthInstance(options: AuthOptions) {
  return betterAuth({
    appName: 'Side Quest',
    database: options.database,
    secret: options.secret,
    basePath: '/api/auth',
    baseURL: options.publicUrl ?? {
      allowedHosts: ['localhost:*', '127.0.0.1:*', '[::1]:*', 'localhost', '127.0.0.1'],
    },
    user: {
      modelName: 'auth_user',
      additionalFields: {
        // Written only through the site's own validated routes (input: false), never by a sign-up body.
        handle: { type: 'string', required: false, input: false, unique: true },
        skills: { type: 'string', required: false, input: false, defaultValue: '[]' },
        country: { type: 'string', required: false, input: false },
        payoutMethod: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, input: false, defaultValue: 'talent' },
        // The talent page's two opt-ins (issue 33): private and earnings hidden unless chosen.
        profilePublic: { type: 'boolean', required: false, input: false, defaultValue: false },
        showEarnings: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    session: { modelName: 'auth_session', expiresIn: 60 * 60 * 24 * 7, freshAge: 60 * 60 * 24 },
    account: { modelName: 'auth_account' },
    verification: { modelName: 'auth_verification' },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      disableOriginCheck: false,
      cookiePrefix: SESSION_COOKIE_PREFIX,
      // Secure (and __Secure- prefixed) whenever the site is served over https.
      useSecureCookies: options.publicUrl?.startsWith('https:') ?? false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: 'hashed',
        sendVerificationOTP: async ({ email, otp }) => options.sendCode(email, otp),
      }),
      passkey({
        rpName: 'Side Quest',
        schema: { passkey: { modelName: 'auth_passkey' } },
      }),
      organization({
        // Anyone signed in may start a sponsor team; it stays unverified until staff verify it.
        allowUserToCreateOrganization: true,
        invitationExpiresIn: 7 * 24 * 60 * 60,
        schema: {
          organization: {
            modelName: 'auth_organization',
            additionalFields: {
              website: { type: 'string', required: false, input: false },
              verifiedAt: { type: 'string', required: false, input: false },
            },
          },
          member: { modelName: 'auth_member' },
          invitation: { modelName: 'auth_invitation' },
        },
        sendInvitationEmail: async (data) =>
          options.sendInvitation({
            email: data.email,
            organizationName: data.organization.name,
            invitationId: data.id,
          }),
      }),
    ],
  });
}

export type AuthInstance = ReturnType<typeof createAuthInstance>;

/** Creates or updates the auth tables (the better-auth CLI needs Node 22; this runs on 20). */
export async function migrateAuth(auth: AuthInstance): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
