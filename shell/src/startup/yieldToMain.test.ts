import { yieldToMain } from './yieldToMain';

describe('yieldToMain', () => {
  it('resolves in a later task, after work already queued', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const yielded = yieldToMain().then(() => order.push('after yield'));
    order.push('same task');
    await yielded;
    expect(order).toEqual(['queued task', 'same task', 'after yield']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const schedulerYield = jest.fn(() => Promise.resolve());
    Object.assign(globalThis, { scheduler: { yield: schedulerYield } });
    try {
      await yieldToMain();
      expect(schedulerYield).toHaveBeenCalledTimes(1);
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
  });
});
