import { FRAME_WAIT_MS, afterNextPaint } from './afterNextPaint';
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

describe('afterNextPaint', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('waits for the next frame in a visible tab', async () => {
    let paint: FrameRequestCallback | undefined;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      paint = callback;
      return 1;
    });
    let done = false;
    const painted = afterNextPaint().then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    paint?.(performance.now());
    await painted;
    expect(done).toBe(true);
  });

  it('starts anyway when no frame comes within FRAME_WAIT_MS', async () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const started = Date.now();
    await afterNextPaint();
    expect(Date.now() - started).toBeGreaterThanOrEqual(FRAME_WAIT_MS - 5);
    expect(Date.now() - started).toBeLessThan(FRAME_WAIT_MS + 500);
  });

  it('does not wait for a frame a hidden tab will never paint', async () => {
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = jest.spyOn(window, 'requestAnimationFrame');
    await afterNextPaint();
    expect(frame).not.toHaveBeenCalled();
  });
});
