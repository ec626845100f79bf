// The e-mail outbox: messages are stored first (SQLite's MAIL_DB_FILE, or PostgreSQL's mail_outbox), then
// sent by the mailer through SMTP or written as .eml files.
export {
  MAIL_DB_FILE,
  createPostgresMailOutbox,
  createSqliteMailOutbox,
  type MailOutbox,
  type OutgoingMail,
  type StoredMail,
} from './mailOutbox';
export { fileTransport, smtpTransport, type MailToDeliver, type MailTransport } from './mailTransport';
export { createMailer, type MailLog, type Mailer, type MailerOptions } from './mailer';
export {
  createMailPost,
  type MailPost,
  type MailPostOptions,
  type PostedMail,
  type UnsubscribeTarget,
} from './mailPost';
export {
  MAIL_PREFERENCES_SCHEMA,
  createMailPreferences,
  createMailPreferencesStore,
  type MailPreferences,
  type MailPreferencesStore,
} from './mailPreferences';
export { isReservedAddress } from './reservedAddresses';
