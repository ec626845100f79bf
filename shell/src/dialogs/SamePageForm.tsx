import type { ReactNode } from 'react';
import { SamePageForm as PageForm } from '@side-quest/design';
import { DIALOG_PARAMS } from './dialogUrl';

/**
 * A GET form to the same page, its query string kept without any dialog's or the menu's parameters.
 * Its submit button adds its own name and value: that is how a control opens a dialog or the mobile
 * menu without JavaScript.
 */
export function SamePageForm({ children }: { children: ReactNode }) {
  return <PageForm without={DIALOG_PARAMS}>{children}</PageForm>;
}
