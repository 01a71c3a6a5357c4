/** A field of a multipart form: lists repeat the field (`productTypeIds`), null and undefined are left out. */
export type FormFieldValue = string | number | boolean | Blob | null | undefined | readonly (string | number)[];

/**
 * Builds the multipart body the API's forms take: absent and null fields are not sent (the API
 * reads "not given" as empty or the default), lists repeat their field, files keep their name.
 */
export function toFormData(fields: Record<string, FormFieldValue>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : 'upload');
    else form.append(name, String(value));
  }
  return form;
}
