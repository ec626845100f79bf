/**
 * Ends the current task so the browser can paint and handle input before the next step of startup.
 * Startup (federation runtime, shared modules, section code, hydration) would otherwise run as one
 * long task that blocks the page the server already painted. `scheduler.yield()` keeps our place at
 * the front of the queue where the browser has it; a message-channel task is the fallback (a
 * `setTimeout(0)`, the last resort, can be clamped to 4 ms or more).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
