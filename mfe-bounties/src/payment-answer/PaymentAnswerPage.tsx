import { useId } from 'react';
import {
  Button,
  ErrorText,
  FormField,
  Link,
  LocalTime,
  MutedText,
  Notice,
  PageContainer,
  PageHeading,
  PageMeta,
  Panel,
  PanelColumn,
  StackedForm,
  useLocation,
  useParams,
} from '@side-quest/design';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';
import { payoutMethodLabel } from '@side-quest/data/account';
import { ROUTE_TABLE } from '@side-quest/data';
import {
  LIFECYCLE_FORMS,
  PAYMENT_FORM_RETURN_KEY,
  REVIEW_LIMITS,
  formatUsd,
  lifecycleDoneMessage,
  usePaymentAnswer,
  useReturnedForm,
  type PaymentAnswerData,
  type PaymentFormReturn,
} from '@side-quest/data/lifecycle';
import { paymentAnswerHead } from '@side-quest/data/route-heads';

function Answered({ data }: { data: PaymentAnswerData }) {
  if (data.resolution)
    return (
      <Notice role="status">
        Side Quest staff resolved this case as {data.resolution === 'paid' ? 'Paid' : 'Not paid'}:{' '}
        {data.resolutionNote}
      </Notice>
    );
  if (data.answer === 'received')
    return <Notice role="status">You confirmed this payment arrived. Thank you.</Notice>;
  return (
    <Notice role="status">
      You reported this payment as not received{data.answerNote ? `: “${data.answerNote}”` : ''}. Side Quest
      staff are looking into it with both sides.
    </Notice>
  );
}

/**
 * /account/payments/:id/:slot (the winner only; anyone else gets a 404): the payment the sponsor
 * recorded, and the winner's answer. The e-mail's link only opens this page; the answer is this form's
 * POST, so a mail scanner following the link changes nothing.
 */
export default function PaymentAnswerPage() {
  const params = useParams();
  const id = params.id ?? '';
  const slot = Number(params.slot ?? '-1');
  const formId = useId();
  const { search } = useLocation();
  const done = lifecycleDoneMessage(new URLSearchParams(search).get('done'));
  const { data, isPending } = usePaymentAnswer(id, slot);
  const returned = useReturnedForm<PaymentFormReturn>(PAYMENT_FORM_RETURN_KEY);

  if (isPending) return <PageLoading blocks={['14rem']} />;
  if (!data)
    return (
      <PageNotFound
        description={paymentAnswerHead.description}
        heading="Payment not found"
        message="There is no payment here for you."
        back={{ to: ROUTE_TABLE.mySubmissions.path, label: 'My submissions' }}
      />
    );

  return (
    <PageContainer>
      <PageMeta title={paymentAnswerHead.title} description={paymentAnswerHead.description} noindex />
      <PanelColumn>
        <div>
          <PageHeading>Did your prize arrive?</PageHeading>
          <p>
            <Link to={ROUTE_TABLE.bountyDetail.path.replace(':id', encodeURIComponent(data.bountyId))}>
              {data.bountyTitle}
            </Link>{' '}
            by {data.sponsorName}: prize slot {data.slot + 1}, {formatUsd(data.prize)}.
          </p>
        </div>
        {done && <Notice role="status">{done}</Notice>}
        <Panel aria-labelledby={`${formId}-recorded`}>
          <h2 id={`${formId}-recorded`}>What the sponsor recorded</h2>
          {data.payment && data.recordedAt ? (
            <dl>
              <dt>Amount</dt>
              <dd data-testid="recorded-amount">{formatUsd(data.payment.amount)}</dd>
              <dt>Method</dt>
              <dd>{payoutMethodLabel(data.payment.method)}</dd>
              <dt>Reference</dt>
              <dd>{data.payment.reference}</dd>
              <dt>Paid on</dt>
              <dd>{data.payment.date}</dd>
              <dt>Recorded</dt>
              <dd>
                <LocalTime iso={data.recordedAt} />
              </dd>
            </dl>
          ) : (
            <p>The sponsor has not recorded a payment yet. We will e-mail you when they do.</p>
          )}
        </Panel>
        {data.answer ? (
          <Answered data={data} />
        ) : (
          data.payment && (
            <Panel aria-labelledby={`${formId}-answer`}>
              <h2 id={`${formId}-answer`}>Your answer</h2>
              <MutedText>
                Check your {payoutMethodLabel(data.payment.method)} account for{' '}
                {formatUsd(data.payment.amount)} with the reference above. Without an answer within 14 days of
                recording, the payment counts as received.
              </MutedText>
              <StackedForm method="post" action={LIFECYCLE_FORMS.answer(data.bountyId, data.slot)}>
                <input type="hidden" name="answer" value="received" />
                <div>
                  <Button type="submit">Received</Button>
                </div>
              </StackedForm>
              <StackedForm method="post" action={LIFECYCLE_FORMS.answer(data.bountyId, data.slot)}>
                <input type="hidden" name="answer" value="not-received" />
                <FormField>
                  <label htmlFor={`${formId}-note`}>What is missing (the sponsor and staff read this)</label>
                  <textarea
                    id={`${formId}-note`}
                    name="note"
                    required
                    minLength={REVIEW_LIMITS.reasonMin}
                    maxLength={REVIEW_LIMITS.reasonMax}
                    defaultValue={returned?.values.note ?? ''}
                    aria-invalid={returned ? true : undefined}
                    aria-describedby={returned ? `${formId}-error` : undefined}
                  />
                </FormField>
                {returned && (
                  <ErrorText id={`${formId}-error`} role="alert">
                    {returned.error}
                  </ErrorText>
                )}
                <div>
                  <Button type="submit" $variant="secondary">
                    Not received
                  </Button>
                </div>
              </StackedForm>
            </Panel>
          )
        )}
      </PanelColumn>
    </PageContainer>
  );
}
