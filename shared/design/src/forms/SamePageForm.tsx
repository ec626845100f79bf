import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from '../router';

/** Adds nothing to the layout: its button lays out as if the form were not there. */
const Form = styled.form`
  display: contents;
`;

/**
 * A GET form to the page it is on, the page's query string kept as hidden fields (without the
 * parameters named in `without`). A control that must work before the page hydrates and without
 * JavaScript (docs/decisions.md, "Input before hydration") is its submit button: a button with a name
 * and value adds them (opening a dialog: `dialog=join`), one without reloads the page. With JavaScript
 * the button's click handler prevents the submit and acts at once.
 */
export function SamePageForm({
  without = [],
  children,
}: {
  without?: readonly string[];
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  for (const name of without) params.delete(name);
  return (
    <Form method="get" action={pathname}>
      {[...params].map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
