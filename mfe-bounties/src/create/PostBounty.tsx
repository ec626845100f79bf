import { memo, Suspense, useState } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@side-quest/data/query';
import {
  Button,
  SamePageForm,
  onDemand,
  preloadDialog,
  useLocation,
  useNavigate,
  theme,
} from '@side-quest/design';
import {
  BOUNTY_DRAFT_DIALOG,
  BOUNTY_DRAFT_RETURN_KEY,
  BOUNTY_RECEIVED_MESSAGE,
  DIALOG_PARAM,
  type FormReturn,
} from '@side-quest/data';
import { OPENER_DROPS, draftDialogOpens, searchWithoutDialog } from './draftDialogUrl';
import type { BountyDraftDialogProps } from './BountyDraftDialog';

/** What a draft sent without JavaScript comes back to: on a line of its own under the heading. */
const Submitted = styled.p`
  flex-basis: 100%;
  order: 1;
  margin: 0;
  padding: ${theme.space(3)};
  border: 1px solid ${theme.color.accent};
  border-radius: ${theme.radius.medium};
  background: ${theme.color.accentMuted};
`;

/**
 * The dialog's form and its checks (about 2.5 KB gzip that the list does not need until POST_BOUNTY is
 * used): loaded when POST_BOUNTY is pointed at, touched or focused, on opening, and at once on a page
 * whose URL opened the dialog (the server rendered it open; hydration keeps that HTML until it is in).
 */
const draftDialog = onDemand(() => import(/* webpackChunkName: "bounty-draft" */ './BountyDraftDialog'));
export const preloadBountyDraftDialog = draftDialog.preload;

function LazyBountyDraftDialog(props: BountyDraftDialogProps) {
  const { BountyDraftDialog } = draftDialog.useModule();
  return <BountyDraftDialog {...props} />;
}

const preloadQuietly = () => {
  void preloadDialog().catch(() => undefined);
  void preloadBountyDraftDialog().catch(() => undefined);
};

/**
 * POST_BOUNTY and its CREATE_NEW_BOUNTY dialog (BountyDraftDialog).
 *
 * Both work as plain HTML too, before the page hydrates and without JavaScript (draftDialogUrl.ts):
 * POST_BOUNTY is a GET form that reloads the page with `?dialog=create-bounty`, which the server renders
 * with the dialog open, and the dialog's form posts itself to the server, which answers with this page
 * again: `?draft=ok` (shown under the heading), or the dialog open with what was typed.
 */
export const PostBounty = memo(function PostBounty() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Read once: the page's first state, as the server rendered it.
  const [returned] = useState(() => queryClient.getQueryData<FormReturn>(BOUNTY_DRAFT_RETURN_KEY) ?? null);
  const [start] = useState(() => draftDialogOpens(search, returned));
  const [open, setOpen] = useState(start.open);
  // Once opened, the dialog stays mounted (closed), so it keeps what was typed.
  const [mounted, setMounted] = useState(start.open);

  const show = () => {
    setMounted(true);
    setOpen(true);
  };

  // A dialog the URL opened takes its parameter with it when it closes, so a reload does not reopen it.
  const close = () => {
    setOpen(false);
    if (new URLSearchParams(search).has(DIALOG_PARAM)) {
      navigate(
        { pathname, search: searchWithoutDialog(search) },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  return (
    <>
      <SamePageForm without={OPENER_DROPS}>
        <Button
          type="submit"
          name={DIALOG_PARAM}
          value={BOUNTY_DRAFT_DIALOG}
          onPointerEnter={preloadQuietly}
          onPointerDown={preloadQuietly}
          onFocus={preloadQuietly}
          onClick={(event) => {
            event.preventDefault();
            show();
          }}
        >
          POST_BOUNTY
        </Button>
      </SamePageForm>
      {start.submitted && (
        <Submitted role="status">
          <strong>Bounty submitted.</strong> {BOUNTY_RECEIVED_MESSAGE}
        </Submitted>
      )}
      <Suspense fallback={null}>
        {mounted && <LazyBountyDraftDialog open={open} onOpen={show} onClose={close} returned={returned} />}
      </Suspense>
    </>
  );
});
