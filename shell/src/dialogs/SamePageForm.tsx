import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from '@side-quest/design';
import { pageSearch } from './dialogUrl';

/** Adds nothing to the layout: its button lays out as if the form were not there. */
const Form = styled.form`
  display: contents;
`;

/**
 * A GET form to the same page, its query string kept without any dialog's or the menu's parameters.
 * Its submit button adds its own name and value: that is how a control opens a dialog or the mobile
 * menu without JavaScript.
 */
export function SamePageForm({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <Form method="get" action={pathname}>
      {[...new URLSearchParams(pageSearch(search))].map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
