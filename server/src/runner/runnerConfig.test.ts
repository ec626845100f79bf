import { ConfigError } from '../config/serverConfig';
import { readRunnerConfig, runnerBesideServer, runnerEnvironment } from './runnerConfig';

describe("the runner's configuration", () => {
  it('runs one run at a time unless RUNNER_CONCURRENCY says otherwise, and refuses a bad count', () => {
    expect(readRunnerConfig({ DATA_DIR: '/srv/data' })).toMatchObject({
      dataDir: '/srv/data',
      databaseUrl: null,
      concurrency: 1,
      workDir: '/srv/data/runner',
    });
    expect(readRunnerConfig({ DATA_DIR: '/srv/data', RUNNER_WORK_DIR: '/var/lib/runner' }).workDir).toBe(
      '/var/lib/runner',
    );
    expect(readRunnerConfig({ RUNNER_CONCURRENCY: '4' }).concurrency).toBe(4);
    for (const bad of ['0', '17', '1.5', 'two'])
      expect(() => readRunnerConfig({ RUNNER_CONCURRENCY: bad })).toThrow(
        new ConfigError(`RUNNER_CONCURRENCY must be a whole number from 1 to 16, got "${bad}"`),
      );
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, as the server does', () => {
    expect(() => readRunnerConfig({ DATABASE_URL: 'mysql://db/site' })).toThrow(ConfigError);
  });

  it('starts beside the server unless RUNNER=off', () => {
    expect(runnerBesideServer({})).toBe(true);
    expect(runnerBesideServer({ RUNNER: 'on' })).toBe(true);
    expect(runnerBesideServer({ RUNNER: 'off' })).toBe(false);
    expect(() => runnerBesideServer({ RUNNER: 'no' })).toThrow('RUNNER must be on or off, got "no"');
  });

  it("is given none of the server's secrets when the server starts it", () => {
    const env = runnerEnvironment(
      {
        PATH: '/usr/bin',
        DATABASE_URL: 'postgres://db/site',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        RUNNER_CONCURRENCY: '2',
        AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail',
        METRICS_TOKEN: 'token',
        FIREBASE_API_KEY: 'key',
        DATA_DIR: 'relative/data',
      },
      '/srv/data',
    );
    expect(env).toEqual({
      PATH: '/usr/bin',
      DATABASE_URL: 'postgres://db/site',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      RUNNER_CONCURRENCY: '2',
      DATA_DIR: '/srv/data',
    });
  });
});
