// For tests of the forms that show their messages with fieldErrors (`@side-quest/design/field-errors/testing`).

const CONTROLS = 'input:not([type="hidden"]), textarea, select, button';

/**
 * Expects `field` to show `text` the way fieldErrors does: the field marked invalid and read with its
 * message (its accessible description), the message announced (`role="alert"`) and under the field (no
 * other control between them, other than fields that share the message, such as a criterion's answers).
 */
export function expectFieldMessage(field: HTMLElement, text: string): void {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(text);
  const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
  expect(message).toHaveAttribute('role', 'alert');
  expect(message).toHaveTextContent(text);
  if (!message) return;
  expect(field.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  const between = [...document.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (control) =>
      field.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING &&
      control.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  expect(between.filter((control) => control.getAttribute('aria-describedby') !== message.id)).toEqual([]);
}
