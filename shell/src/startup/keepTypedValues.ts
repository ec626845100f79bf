type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FIELDS = 'input[id], textarea[id], select[id]';

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** The value the server sent: React keeps a hydrated field's default equal to it. */
function serverValue(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    const option = [...field.options].find((candidate) => candidate.defaultSelected) ?? field.options[0];
    return option?.value ?? '';
  }
  return field.defaultValue;
}

function changed(field: Field): boolean {
  if (!isCheckable(field)) return field.value !== serverValue(field);
  // A radio the visitor left by picking another of its group is handed back by that one.
  if (field.type === 'radio') return field.checked && !field.defaultChecked;
  return field.checked !== field.defaultChecked;
}

/**
 * The ids of the form fields that show something other than what was rendered for them: on a page
 * being hydrated, what a visitor typed into, picked or ticked on the server's page before its scripts
 * ran (React keeps a rendered field's default equal to its value).
 */
export function changedFieldIds(root: ParentNode): string[] {
  return [...root.querySelectorAll<Field>(FIELDS)].filter(changed).map((field) => field.id);
}

/**
 * Hands each field a visitor changed before hydration back to the page as the input it was. React
 * hydrates a field without touching what it shows, but its state still holds the server's value, so
 * the next render would put that back and the typing would be lost. For each such field, an input
 * event first makes React hydrate it now if its section has not hydrated yet (React hydrates a section
 * at once for an event inside it); then the field is set to the server's value (React's own setter:
 * React now knows it), then to what the visitor typed through the element's native setter, and an
 * input event follows: the component's own change handler runs, as if the visitor had typed it now. A
 * checkbox is set to the other state and clicked; so is a radio the visitor picked (the one it replaced
 * follows).
 */
export function replayChangedFields(ids: readonly string[], doc: Document = document): void {
  // Read every field first: the first change handler re-renders its form, and that render puts the
  // server's values back into the fields not handed over yet.
  const typed = ids
    .map((id) => doc.getElementById(id) as Field | null)
    .filter((field): field is Field => !!field?.matches(FIELDS) && changed(field))
    .map((field) => ({ field, value: field.value, checked: isCheckable(field) ? field.checked : null }));
  for (const { field, value, checked } of typed) {
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (checked !== null && field instanceof HTMLInputElement) {
      field.checked = !checked;
      field.click();
      continue;
    }
    field.value = serverValue(field);
    const nativeSetter = Object.getOwnPropertyDescriptor(
      Object.getPrototypeOf(field) as object,
      'value',
    )?.set;
    nativeSetter?.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
}

/**
 * Hands back what a visitor typed into the server's page before hydration (replayChangedFields). Run
 * right after hydration's first commit, before any effect of it re-renders a form (a component that
 * renders differently once hydrated does so at once): by then React has hydrated the fields without
 * touching what they show, and a field whose section hydrates later is hydrated by its input event.
 */
export function handBackTypedValues(root: ParentNode & Node): void {
  replayChangedFields(changedFieldIds(root), root.ownerDocument ?? document);
}
