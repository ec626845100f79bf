import { releaseProcessEnv } from './releaseProcess';

describe('a release process', () => {
  it("gets none of the server's configuration, only what Node and React need", () => {
    expect(
      releaseProcessEnv({
        PATH: '/usr/bin',
        HOME: '/home/site',
        NODE_ENV: 'production',
        TZ: '',
        DATABASE_URL: 'postgres://secret@db/site',
        AUTH_SECRET: 'x'.repeat(32),
        MARKETING_PORTAL_ID: '123',
        DATA_DIR: '/var/lib/site',
      }),
    ).toEqual({ PATH: '/usr/bin', HOME: '/home/site', NODE_ENV: 'production' });
  });
});
