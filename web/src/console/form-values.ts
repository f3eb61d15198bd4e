/** A form's text fields by name, trimmed (files are left out): what console forms send. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') values[name] = value.trim();
  }
  return values;
}
