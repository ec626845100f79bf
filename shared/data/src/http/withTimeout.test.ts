import { withTimeout } from './withTimeout';

describe('withTimeout', () => {
  it('rejects a promise that does not settle in time, naming what it waited for', async () => {
    await expect(withTimeout(new Promise(() => undefined), 20, 'Loading x')).rejects.toThrow(
      'Loading x took longer than 20 ms',
    );
  });

  it('passes through a value or an error that comes in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 50, 'y')).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('refused')), 50, 'z')).rejects.toThrow('refused');
  });
});
