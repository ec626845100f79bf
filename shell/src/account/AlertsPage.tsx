import { useId, useState } from 'react';
import styled from 'styled-components';
import { actionRow, checkLabel, fieldRow, rowBody } from '@side-quest/design/row-parts';
import { useQueryClient } from '@side-quest/data/query';
import {
  Button,
  ErrorText,
  FormField,
  Link,
  MutedText,
  Notice,
  PageContainer,
  PageHeading,
  PageMeta,
  Panel,
  PanelColumn,
  RowList,
  Skeleton,
  StackedForm,
  useLocation,
} from '@side-quest/design';
import { ROUTE_TABLE, formatUtcDateTime } from '@side-quest/data';
import {
  ALERT_FORMS,
  ALERT_FORM_KEY,
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_TEXT,
  ALERT_LIMITS,
  alertDoneMessage,
  alertFilters,
  alertQuery,
  alertSummary,
  defaultAlertName,
  hasFilters,
  useAlerts,
  type AlertFormReturn,
  type AlertFrequency,
  type AlertView,
} from '@side-quest/data/alerts';
import { accountAlertsHead } from '@side-quest/data/route-heads';

const Row = styled.div`
  ${fieldRow}
`;

const Actions = styled.div`
  ${actionRow}
`;

const AlertBody = styled.div`
  ${rowBody}
`;

const PauseLabel = styled.label`
  ${checkLabel}
`;

function FrequencySelect({ id, value }: { id: string; value: AlertFrequency }) {
  return (
    <FormField>
      <label htmlFor={id}>How often</label>
      <select id={id} name="frequency" defaultValue={value}>
        {ALERT_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {ALERT_FREQUENCY_TEXT[frequency]}
          </option>
        ))}
      </select>
    </FormField>
  );
}

function NameField({ id, value, error }: { id: string; value: string; error: string | null }) {
  return (
    <FormField>
      <label htmlFor={id}>Alert name</label>
      <input
        id={id}
        name="name"
        defaultValue={value}
        maxLength={ALERT_LIMITS.nameMax}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      )}
    </FormField>
  );
}

/** Keeps the search of /bounties?… (the address of this page) as a new alert. */
function NewAlert({
  search,
  returned,
  count,
}: {
  search: string;
  returned: AlertFormReturn | null;
  count: number;
}) {
  const id = useId();
  const filters = alertFilters(new URLSearchParams(search));
  const error = returned?.form === 'new' ? returned.error : null;
  return (
    <Panel aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Keep this search as an alert</h2>
      <MutedText>
        {alertSummary(filters)}. A digest lists the bounties published from now on that match it; none is sent
        when nothing is new.
      </MutedText>
      {count >= ALERT_LIMITS.perPerson && !error && (
        <ErrorText role="alert">
          You keep {ALERT_LIMITS.perPerson} alerts, the most there can be. Delete one to save this search.
        </ErrorText>
      )}
      <StackedForm method="post" action={ALERT_FORMS.create}>
        <input type="hidden" name="query" value={alertQuery(filters)} />
        <Row>
          <NameField id={`${id}-name`} value={returned?.name ?? defaultAlertName(filters)} error={error} />
          <FrequencySelect id={`${id}-frequency`} value="daily" />
        </Row>
        <div>
          <Button type="submit">Save alert</Button>
        </div>
      </StackedForm>
    </Panel>
  );
}

function AlertItem({ alert, returned }: { alert: AlertView; returned: AlertFormReturn | null }) {
  const id = useId();
  const error = returned?.form === alert.id ? returned.error : null;
  return (
    <li>
      <AlertBody>
        <h3 id={`${id}-name`}>{alert.name}</h3>
        <MutedText>
          {alert.summary} · {alert.paused ? 'Paused' : ALERT_FREQUENCY_TEXT[alert.frequency]} ·{' '}
          {alert.lastDigestAt
            ? `last digest ${formatUtcDateTime(Date.parse(alert.lastDigestAt))} UTC`
            : 'no digest yet'}{' '}
          ·{' '}
          <Link to={`${ROUTE_TABLE.bounties.path}${alert.query ? `?${alert.query}` : ''}`}>See the list</Link>
        </MutedText>
        <StackedForm method="post" action={ALERT_FORMS.update} aria-labelledby={`${id}-name`}>
          <input type="hidden" name="id" value={alert.id} />
          <Row>
            <NameField
              id={`${id}-edit-name`}
              value={returned?.form === alert.id ? (returned.name ?? alert.name) : alert.name}
              error={error}
            />
            <FrequencySelect id={`${id}-frequency`} value={alert.frequency} />
          </Row>
          <Actions>
            <PauseLabel>
              <input type="checkbox" name="paused" defaultChecked={alert.paused} />
              Paused (no digest until you untick it)
            </PauseLabel>
            <Button type="submit" $variant="secondary">
              Save changes
            </Button>
          </Actions>
        </StackedForm>
        <form method="post" action={ALERT_FORMS.delete}>
          <input type="hidden" name="id" value={alert.id} />
          <Button type="submit" $variant="ghost">
            Delete “{alert.name}”
          </Button>
        </form>
      </AlertBody>
    </li>
  );
}

/**
 * /account/alerts (signed in only): the person's saved searches, each renamed, set daily or weekly,
 * paused or deleted with a plain form; and, when the address carries the bounty list's filters (from
 * /bounties' "E-mail me new bounties like these", through sign-in), the form that keeps them.
 */
export function AlertsPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const done = alertDoneMessage(params.get('done'));
  params.delete('done');
  const wanted = hasFilters(alertFilters(params)) || params.has('new');
  const queryClient = useQueryClient();
  const [returned] = useState(() => queryClient.getQueryData<AlertFormReturn>(ALERT_FORM_KEY) ?? null);
  const { data, isPending, isError } = useAlerts();

  return (
    <PageContainer>
      <PageMeta {...accountAlertsHead} noindex />
      <PageHeading>Bounty alerts</PageHeading>
      {done && <Notice role="status">{done}</Notice>}
      {isPending ? (
        <PanelColumn aria-busy="true">
          <Skeleton $height="12rem" />
        </PanelColumn>
      ) : isError || !data ? (
        <ErrorText role="alert">Your alerts could not be loaded. Reload the page to try again.</ErrorText>
      ) : (
        <PanelColumn>
          {!data.mailOn && (
            <ErrorText role="alert">
              Bounty alerts are switched off for your account, so no digest is sent.{' '}
              <Link to={`${ROUTE_TABLE.account.path}#mail`}>Switch them on</Link>.
            </ErrorText>
          )}
          {(wanted || returned?.form === 'new') && (
            <NewAlert search={params.toString()} returned={returned} count={data.alerts.length} />
          )}
          <Panel aria-labelledby="alerts-heading">
            <h2 id="alerts-heading">
              Your alerts ({data.alerts.length} of {ALERT_LIMITS.perPerson})
            </h2>
            <MutedText>
              Filter the <Link to={ROUTE_TABLE.bounties.path}>bounties</Link> as you like, then press “E-mail
              me new bounties like these”. Digests go at most once a UTC day, or once a week (weeks start
              Monday), with up to {ALERT_LIMITS.digestMax} new bounties and a link to the rest; every digest
              can stop its alert in one click. The Log In dialog’s sign-up is a separate newsletter from our
              marketing provider.
            </MutedText>
            {data.alerts.length === 0 ? (
              <p>You keep no alerts yet.</p>
            ) : (
              <RowList>
                {data.alerts.map((alert) => (
                  <AlertItem key={alert.id} alert={alert} returned={returned} />
                ))}
              </RowList>
            )}
          </Panel>
        </PanelColumn>
      )}
    </PageContainer>
  );
}
