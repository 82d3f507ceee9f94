import { FILE_RULES, UPLOAD_MESSAGES, hasAcceptedExtension } from '@kcf/contracts';

export type UploadKind = keyof typeof UPLOAD_MESSAGES;

/**
 * The limits the labels state, checked before a slow upload starts; the server checks the same rules
 * (by content, not only by name) and answers with the same texts.
 */
export function fileProblem(kind: UploadKind, file: File | null): string | null {
  if (!file) return null;
  if (!hasAcceptedExtension(kind, file.name)) return UPLOAD_MESSAGES[kind].wrongType;
  if (file.size > FILE_RULES[kind].maxBytes) return UPLOAD_MESSAGES[kind].tooLarge;
  return null;
}

/** The `accept` attribute of a file input for a kind of upload. */
export function acceptFor(kind: UploadKind): string {
  const rule = FILE_RULES[kind];
  return [...rule.extensions.map((ext) => `.${ext}`), ...rule.mimeTypes].join(',');
}
