import type { SqliteDatabase } from '../../db/database';
import type { StoredLead } from '../leadStore';
import { backoffDelay, isRetryableStatus, submissionBody, submissionUrl } from './providerSubmission';

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
 * The outbox worker: delivers every stored lead to the marketing provider at least once. A row stays
 * pending until the provider answers 2xx; network errors, timeouts, 5xx, 408 and 429 back off
 * exponentially; any other 4xx means the provider will never accept it, so the row is marked rejected
 * with the reason instead of being retried forever.
 */
export function createLeadForwarder(db: SqliteDatabase, settings: ForwardingSettings): LeadForwarder {
  const url = submissionUrl(settings.submitUrl, settings.portalId, settings.formId);
  const selectDue = db.prepare(
    `SELECT l.id, l.email, l.challenge_type AS challengeType, l.challenge_description AS challengeDescription,
            l.cost_impact AS costImpact, l.page_uri AS pageUri, l.page_name AS pageName,
            l.created_at AS createdAt, o.attempts
     FROM lead_outbox o JOIN leads l ON l.id = o.lead_id
     WHERE o.status = 'pending' AND o.next_attempt_at <= ?
     ORDER BY o.next_attempt_at, o.lead_id LIMIT ?`,
  );
  const markDelivered = db.prepare(
    `UPDATE lead_outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, last_error = NULL
     WHERE lead_id = ?`,
  );
  const markRetry = db.prepare(
    'UPDATE lead_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE lead_id = ?',
  );
  const markRejected = db.prepare(
    `UPDATE lead_outbox SET status = 'rejected', attempts = attempts + 1, last_error = ? WHERE lead_id = ?`,
  );

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
        headers: { 'content-type': 'application/json' },
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
    const due = selectDue.all(Date.now(), BATCH) as Array<StoredLead & { attempts: number }>;
    for (const row of due) {
      if (closing) break;
      const result = await send(row);
      if (result.ok) {
        markDelivered.run(Date.now(), row.id);
        delivered += 1;
      } else if (result.retry) {
        failures += 1;
        const attempts = row.attempts + 1;
        const delay = backoffDelay(attempts, settings.retryBaseMs, settings.retryMaxMs);
        markRetry.run(attempts, Date.now() + delay, result.reason, row.id);
        // The provider is struggling: leave the rest of the batch for the next pass.
        break;
      } else {
        failures += 1;
        markRejected.run(result.reason, row.id);
        console.error(`Lead ${row.id} was rejected by the marketing provider: ${result.reason}`);
      }
    }
    if (due.length === BATCH && delivered === due.length) again = true;
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
