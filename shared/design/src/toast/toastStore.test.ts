import { TOAST_REMOVE_DELAY_MS, dismissToast, getToasts, toast } from './toastStore';

describe('toast store', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps at most one toast: a new one replaces the previous', () => {
    toast({ title: 'First' });
    toast({ title: 'Second' });
    expect(getToasts().map((item) => item.title)).toEqual(['Second']);
  });

  it('closes a dismissed toast at once and removes it only after the long removal delay', () => {
    const id = toast({ title: 'Saved' });
    dismissToast(id);
    expect(getToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });
});
