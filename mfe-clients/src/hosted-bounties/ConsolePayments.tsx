import { useId, type ReactNode } from 'react';
import { Button, FormField, Panel, RowList, StackedForm } from '@side-quest/design';
import { payoutMethodLabel } from '@side-quest/data/account';
import {
  LIFECYCLE_FORMS,
  REVIEW_LIMITS,
  formatUsd,
  type ConsoleData,
  type ConsoleFormReturn,
  type ConsoleWinner,
} from '@side-quest/data/lifecycle';
import { Problem, returnedValues } from './consoleFormReturn';

// Payments in the console: each winner's prize, the payment the team records and the winner's answer.

export function paymentStatus(winner: ConsoleWinner): ReactNode {
  if (winner.resolution)
    return `Staff resolved the case as ${winner.resolution === 'paid' ? 'Paid' : 'Not paid'}: ${winner.resolutionNote ?? ''}`;
  if (winner.answer === 'received') return 'The winner confirmed the money arrived.';
  if (winner.answer === 'not-received')
    return `The winner reported it not received: “${winner.answerNote ?? ''}”. Staff are looking into it.`;
  if (winner.recordedAt)
    return 'Recorded; waiting for the winner to confirm (counts as paid 14 days after recording without a report).';
  return 'No payment recorded yet.';
}

function WinnerEntry({
  data,
  winner,
  returned,
}: {
  data: ConsoleData;
  winner: ConsoleWinner;
  returned: ConsoleFormReturn | null;
}) {
  const id = useId();
  const target = String(winner.slot);
  const typed = (name: string) => returnedValues(returned, 'payment', target, name)?.[0];
  return (
    <li>
      <div>
        <h3>
          Prize {winner.slot + 1}: {formatUsd(winner.prize)} to {winner.handle ?? 'a winner without a handle'}
        </h3>
        {winner.payment && (
          <p>
            Recorded {formatUsd(winner.payment.amount)} by {payoutMethodLabel(winner.payment.method)},
            reference {winner.payment.reference}, paid on {winner.payment.date}.
          </p>
        )}
        <p>{paymentStatus(winner)}</p>
        {data.may.pay && !winner.recordedAt && (
          <StackedForm method="post" action={LIFECYCLE_FORMS.payment(data.organisation.slug, data.bounty.id)}>
            <input type="hidden" name="slot" value={winner.slot} />
            <FormField>
              <label htmlFor={`${id}-amount`}>Amount paid (US dollars)</label>
              <input
                id={`${id}-amount`}
                name="amount"
                inputMode="numeric"
                required
                defaultValue={typed('amount') ?? String(winner.prize)}
              />
            </FormField>
            <FormField>
              <label htmlFor={`${id}-method`}>Method</label>
              <select
                id={`${id}-method`}
                name="method"
                defaultValue={typed('method') ?? data.bounty.payoutMethods[0]}
              >
                {data.bounty.payoutMethods.map((method) => (
                  <option key={method} value={method}>
                    {payoutMethodLabel(method)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField>
              <label htmlFor={`${id}-reference`}>Transfer reference</label>
              <input
                id={`${id}-reference`}
                name="reference"
                required
                maxLength={REVIEW_LIMITS.paymentReferenceMax}
                defaultValue={typed('reference') ?? ''}
              />
            </FormField>
            <FormField>
              <label htmlFor={`${id}-date`}>Paid on</label>
              <input id={`${id}-date`} name="date" type="date" required defaultValue={typed('date') ?? ''} />
            </FormField>
            <Problem returned={returned} form="payment" target={target} />
            <div>
              <Button type="submit">Record payment</Button>
            </div>
          </StackedForm>
        )}
      </div>
    </li>
  );
}

/** The winners once announced, each with their payment's state and, until recorded, its form. */
export function WinnersPanel({ data, returned }: { data: ConsoleData; returned: ConsoleFormReturn | null }) {
  return (
    <Panel aria-labelledby="winners-heading">
      <h2 id="winners-heading">Winners and payments</h2>
      <RowList>
        {data.winners.map((winner) => (
          <WinnerEntry key={winner.slot} data={data} winner={winner} returned={returned} />
        ))}
      </RowList>
    </Panel>
  );
}
