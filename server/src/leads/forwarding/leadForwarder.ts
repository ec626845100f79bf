import type { DeliveryOutcome, LeadOutbox } from './leadOutbox';
import type { StoredLead } from '../leadStore';
import {
  IDEMPOTENCY_KEY_HEADER,
  backoffDelay,
  idempotencyKey,
  isRetryableStatus,
  submissionBody,
  submissionUrl,
} from './providerSubmission';

export interface ForwardingSettings {
  /** Base URL of the provider's API (MARKETING_SUBMIT_URL). */
  submitUrl: string;
  portalId: string;
  formId: string;
  /** A request slower than this counts as failed and is retried later. */
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often due outbox rows are looked for. */
  pollMs: number;
}

export interface LeadForwarder {
  /** Starts the background loop; pending rows left by an earlier run are picked up right away. */
  start(): void;
  /** Asks the loop to look for due rows now (after a new lead was stored). */
  kick(): void;
  /** Runs one delivery pass over due rows; resolves with how many were delivered. */
  deliverDue(): Promise<number>;
  /**
   * Stops polling and resolves once the delivery in flight (if any) has been answered or timed out and its
   * outcome recorded. An in-flight request is never cut off: the provider may already have accepted it, and
   * a delivery aborted before its answer is recorded would be sent again after a restart.
   */
  stop(): Promise<void>;
  /** Failed delivery attempts since start (to be retried or rejected): the /metrics counter. */
  deliveryFailures(): number;
}

const BATCH = 25;

/**
 * The outbox worker: delivers every stored lead to the marketing provider at least once, each request
 * with the lead's idempotency key (the same on every attempt and from every instance), so a provider that
 * honours the key records the lead once even when a crash or a lost lock sends it again. A row stays
 * pending until the provider answers 2xx; network errors, timeouts, 5xx, 408, 409 and 429 back off
 * exponentially; any other 4xx means the provider will never accept it, so the row is marked rejected
 * with the reason instead of being retried forever.
 */
export function createLeadForwarder(outbox: LeadOutbox, settings: ForwardingSettings): LeadForwarder {
  const url = submissionUrl(settings.submitUrl, settings.portalId, settings.formId);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;
  let closing = false;
  let failures = 0;

  async function send(
    lead: StoredLead,
  ): Promise<{ ok: true } | { ok: false; retry: boolean; reason: string }> {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(new Error('timed out')), settings.timeoutMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey(lead) },
        body: JSON.stringify(submissionBody(lead)),
        signal: controller.signal,
      });
      const text = await response.text();
      if (response.ok) return { ok: true };
      return {
        ok: false,
        retry: isRetryableStatus(response.status),
        reason: `${response.status}: ${text.slice(0, 300)}`,
      };
    } catch (error) {
      const reason = controller.signal.aborted
        ? `no answer within ${settings.timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
      return { ok: false, retry: true, reason };
    } finally {
      clearTimeout(timeout);
    }
  }

  async function pass(): Promise<number> {
    let delivered = 0;
    let attempted = 0;
    let lastOutcome: DeliveryOutcome['status'] | null = null;
    while (attempted < BATCH && !closing) {
      const found = await outbox.deliverNextDue(Date.now(), async (row) => {
        const result = await send(row);
        if (result.ok) return { status: 'delivered' };
        failures += 1;
        if (result.retry) {
          const delay = backoffDelay(row.attempts + 1, settings.retryBaseMs, settings.retryMaxMs);
          return { status: 'retry', nextAttemptAt: Date.now() + delay, reason: result.reason };
        }
        console.error(`Lead ${row.id} was rejected by the marketing provider: ${result.reason}`);
        return { status: 'rejected', reason: result.reason };
      });
      if (!found) break;
      attempted += 1;
      lastOutcome = found;
      if (found === 'delivered') delivered += 1;
      // The provider is struggling: leave the rest for the next pass.
      if (found === 'retry') break;
    }
    if (attempted === BATCH && lastOutcome !== 'retry') again = true;
    return delivered;
  }

  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = undefined;
      if (again && !closing) {
        again = false;
        void deliverDue();
      }
    });
    return running;
  }

  function tick() {
    void deliverDue().catch((error: unknown) => console.error('Lead forwarding pass failed:', error));
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      closing = false;
      timer = setInterval(tick, settings.pollMs);
      timer.unref();
      tick();
    },
    kick() {
      if (!stopped) tick();
    },
    deliverDue,
    deliveryFailures: () => failures,
    async stop() {
      stopped = true;
      closing = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      // Each request is bounded by timeoutMs, so this wait is too.
      await running?.catch(() => undefined);
    },
  };
}
