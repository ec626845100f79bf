import { runtimesFromReport } from './probe';

describe('runtimes reported from inside the trial sandbox', () => {
  it('names node 20 and pytest only when found', () => {
    expect(runtimesFromReport('node=v20.20.2\npytest=yes\n')).toEqual(['node20', 'python3-pytest']);
    expect(runtimesFromReport('node=v22.1.0\n')).toEqual([]);
  });
});
