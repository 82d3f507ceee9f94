/**
 * A multipart body as this remote's uploads send it: the non-empty text fields, trimmed, and each chosen
 * file under its field name (a file not chosen is left out).
 */
export function multipartOf(
  values: Readonly<Record<string, string>>,
  files: Readonly<Record<string, File | null>> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    const text = value.trim();
    if (text !== '') form.append(name, text);
  }
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file);
  return form;
}
