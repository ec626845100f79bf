import { Button, Panel } from '@side-quest/design';
import { LIFECYCLE_FORMS, type ConsoleFormReturn } from '@side-quest/data/lifecycle';
import { Problem } from './consoleFormReturn';

// Posting in the console: a draft (or a bounty staff did not approve) is published from here.

/** Publishes the draft: to Open for a verified organisation, to the staff queue otherwise. */
export function PublishPanel({
  slug,
  bountyId,
  returned,
}: {
  /** The organisation's slug as the page's address has it. */
  slug: string;
  bountyId: string;
  returned: ConsoleFormReturn | null;
}) {
  return (
    <Panel aria-labelledby="publish-heading">
      <h2 id="publish-heading">Publish</h2>
      <form method="post" action={LIFECYCLE_FORMS.publish(slug, bountyId)}>
        <Problem returned={returned} form="publish" />
        <Button type="submit">Publish bounty</Button>
      </form>
    </Panel>
  );
}
