/**
 * The largest lifecycle form, in bytes of text: a 20,000-character description with its criteria and
 * prizes, as sent (urlencoded, or the post form's text fields when it is multipart).
 */
export const LIFECYCLE_FORM_LIMIT_BYTES = 96 * 1024;
