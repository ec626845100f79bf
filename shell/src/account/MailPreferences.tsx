import {
  ALWAYS_SENT_MAIL,
  MAIL_PREFERENCES_FORM,
  OPTIONAL_MAIL_KINDS,
  OPTIONAL_MAIL_TEXT,
  useMailPreferences,
} from '@side-quest/data/account';
import { Button, ChoiceGroup, ErrorText, Link, MutedText, StackedForm } from '@side-quest/design';

/**
 * One switch per kind of optional mail, saved by a plain form post (works without JavaScript), and the
 * mail that always goes whatever the switches say.
 */
export function MailPreferences() {
  const { data, isError } = useMailPreferences();
  if (isError || !data)
    return (
      <ErrorText role="alert">
        Your e-mail choices could not be loaded. Reload the page to try again.
      </ErrorText>
    );
  return (
    <>
      <StackedForm method="post" action={MAIL_PREFERENCES_FORM}>
        <ChoiceGroup>
          <legend>Send me</legend>
          {OPTIONAL_MAIL_KINDS.map((kind) => (
            <label key={kind}>
              <input type="checkbox" name={kind} defaultChecked={data.switches[kind]} />
              <span>
                <strong>{OPTIONAL_MAIL_TEXT[kind].label}</strong>: {OPTIONAL_MAIL_TEXT[kind].description}
              </span>
            </label>
          ))}
        </ChoiceGroup>
        <div>
          <Button type="submit" $variant="secondary">
            Save e-mail choices
          </Button>
        </div>
      </StackedForm>
      <MutedText>
        Every one of these e-mails has an unsubscribe link that works in one click. Your saved searches are on{' '}
        <Link to="/account/alerts">Bounty alerts</Link>.
      </MutedText>
      <h3>Always sent</h3>
      <MutedText>These go whatever you choose above: something depends on them.</MutedText>
      <ul>
        {ALWAYS_SENT_MAIL.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}
