import { canaryPlan, isTestRuntime, RUNTIME_RULES } from './runtimes';

describe('RUNTIME_RULES', () => {
  it('runs node --test on the sponsor’s folder with the JUnit reporter (and the spec one for the log), from /usr/bin', () => {
    expect(RUNTIME_RULES.node20.command).toEqual([
      '/usr/bin/node',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=junit',
      '--test-reporter-destination=results.xml',
      'tests/',
    ]);
    expect(RUNTIME_RULES.node20.commandText).toBe(
      'node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=results.xml tests/',
    );
    expect(RUNTIME_RULES.node20.reservedPaths).toEqual(['tests', 'results.xml', 'node_modules']);
  });

  it('runs pytest so that no file of the entry’s can replace or configure it', () => {
    expect(RUNTIME_RULES['python3-pytest'].commandText).toBe(
      'python3 -P -m pytest -c /dev/null --rootdir=/work -o pythonpath=/work --confcutdir=/work/tests -p no:cacheprovider --junitxml=results.xml tests/',
    );
    expect(RUNTIME_RULES['python3-pytest'].command[0]).toBe('/usr/bin/python3');
    expect(RUNTIME_RULES['python3-pytest'].reservedPaths).toEqual(['tests', 'results.xml']);
  });

  it('knows its runtimes by name only', () => {
    expect(isTestRuntime('node20')).toBe(true);
    expect(isTestRuntime('python3-pytest')).toBe(true);
    expect(isTestRuntime('constructor')).toBe(false);
    expect(isTestRuntime(20)).toBe(false);
  });
});

describe('canaryPlan', () => {
  const name = 'test_0123456789abcdef0123';

  it('gives node a preload reached through NODE_OPTIONS, so every test file’s process loads it', () => {
    const plan = canaryPlan('node20', name);
    expect(plan.env).toEqual({ NODE_OPTIONS: `--require /opt/side-quest/canary/${name}.cjs` });
    expect(plan.file.fileName).toBe(`${name}.cjs`);
    expect(plan.file.text).toContain(`test('${name}'`);
  });

  it('gives pytest a test module for the run’s copy of tests/', () => {
    const plan = canaryPlan('python3-pytest', name);
    expect(plan.env).toEqual({});
    expect(plan.file).toEqual({ fileName: `${name}.py`, text: expect.stringContaining(`def ${name}():`) });
  });
});
