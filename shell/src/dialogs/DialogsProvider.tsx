import {
  Suspense,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@side-quest/data/query';
import { useLocation, useNavigate } from '@side-quest/design';
import { CONTACT_FORM_RETURN_KEY, type FormReturn } from '@side-quest/data';
import type { ShellDialog } from './dialogCopy';
import { dialogFromSearch, hasDialogParam, pageSearch } from './dialogUrl';
import { EMPTY_VALUES, type FallbackValues } from './fallbackValues';
import { LazyShellDialogs } from './lazyShellDialogs';

export type { ShellDialog } from './dialogCopy';

interface DialogsApi {
  openDialog: (dialog: ShellDialog) => void;
  closeDialog: () => void;
}

const DialogsContext = createContext<DialogsApi | null>(null);

const EMPTY_DRAFTS: Record<ShellDialog, FallbackValues> = {
  login: EMPTY_VALUES,
  contact: EMPTY_VALUES,
  signup: EMPTY_VALUES,
};

/**
 * The shell's dialogs (shell/README.md, "Dialogs"): one open at a time, opened from the header, footer,
 * mobile menu or landing page. What a visitor typed into a fallback form survives closing the dialog
 * until it has been sent.
 *
 * A page whose URL names a dialog (`?dialog=join`, how the openers work without JavaScript) renders
 * it open from the start, on the server too, with its native form (the provider's embed needs
 * JavaScript) and the outcome of a post that came back: `&result=ok`, or a refused post with what was
 * typed, which the server rendered into the page's cache (CONTACT_FORM_RETURN_KEY).
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [fromUrl, setFromUrl] = useState(() =>
    dialogFromSearch(location.search, queryClient.getQueryData<FormReturn>(CONTACT_FORM_RETURN_KEY) ?? null),
  );
  const [open, setOpen] = useState<ShellDialog | null>(fromUrl?.dialog ?? null);
  const [drafts, setDrafts] = useState(() =>
    fromUrl ? { ...EMPTY_DRAFTS, [fromUrl.dialog]: fromUrl.values } : EMPTY_DRAFTS,
  );
  const closeDialog = useCallback(() => {
    setOpen(null);
    // Opened again later, it is an ordinary dialog (the embedded form when configured).
    setFromUrl(null);
  }, []);
  const api = useMemo<DialogsApi>(() => ({ openDialog: setOpen, closeDialog }), [closeDialog]);

  // A dialog opened from the URL takes its parameters with it when it closes, so reloading the page
  // does not open it again.
  const { pathname, search } = location;
  useEffect(() => {
    if (open === null && hasDialogParam(search)) {
      navigate({ pathname, search: pageSearch(search) }, { replace: true, preventScrollReset: true });
    }
  }, [open, pathname, search, navigate]);

  // Rendered from the first opening on (closed and never opened, no dialog renders anything).
  const [mounted, setMounted] = useState(open !== null);
  if (open !== null && !mounted) setMounted(true);
  const onDraftChange = useCallback(
    (dialog: ShellDialog, values: FallbackValues) =>
      setDrafts((current) => ({ ...current, [dialog]: values })),
    [],
  );
  const onSubmitted = useCallback(
    (dialog: ShellDialog) => setDrafts((current) => ({ ...current, [dialog]: EMPTY_VALUES })),
    [],
  );

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <LazyShellDialogs
            open={open}
            onClose={closeDialog}
            page={`${pathname}${pageSearch(search)}`}
            fromUrl={fromUrl}
            drafts={drafts}
            onDraftChange={onDraftChange}
            onSubmitted={onSubmitted}
          />
        </Suspense>
      )}
    </DialogsContext.Provider>
  );
}

export function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('useDialogs must be used inside <DialogsProvider>');
  return api;
}
