import { ErrorText } from '@side-quest/design';

/**
 * The messages of a form's fields that came back invalid (from the server, or checked in the browser),
 * for forms that show each message under its field. Each message has an id its field points to, so a
 * screen reader reads it with the field, and is announced when it appears. A subpath of its own: only
 * pages with such forms carry it.
 */
export function fieldErrors<Field extends string>(formId: string, errors: Partial<Record<Field, string>>) {
  const errorId = (field: Field) => `${formId}-${field}-error`;
  return {
    errorId,
    /** Spread on the field's control: invalid, and described by its message, when it has one. */
    describedBy: (field: Field) =>
      errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {},
    /** The field's message, or nothing. */
    message: (field: Field) =>
      errors[field] ? (
        <ErrorText id={errorId(field)} role="alert">
          {errors[field]}
        </ErrorText>
      ) : null,
  };
}
