/**
 * What an open form dialog keeps in sessionStorage while someone types, so that a session that ends
 * under them (inactivity, a 401 on save) loses nothing: the same dialog, opened again by the same user
 * after signing in, offers the fields back. Only text, numbers and yes/no values are kept; never files,
 * never a field whose name says it holds a password or another secret. Each draft is keyed by the user
 * and the form, so nobody else signing in on the same browser sees it.
 */

/** The first part of every draft's sessionStorage key. */
export const DRAFT_KEY_PREFIX = 'kcf.draft:';

/** Field names that hold secrets: never kept. */
const SECRET_FIELD = /pass|secret|token|cvv|^otp|otp$|^pin|pin$/i;

export type DraftValue = string | number | boolean | null;
export type DraftFields = Record<string, DraftValue>;

/** The storage, when the browser lets the page use it (private modes and sandboxes may not). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether a field's name says it holds a password or another secret. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/** The fields of `values` a draft may keep: plain values only, no files, no secrets. */
export function keptFields(values: object): DraftFields {
  const kept: DraftFields = {};
  for (const [name, value] of Object.entries(values)) {
    if (isSecretField(name)) continue;
    if (
      value === null ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      kept[name] = value;
    }
  }
  return kept;
}

/** Whether two sets of kept fields hold the same values. */
export function sameFields(a: DraftFields, b: DraftFields): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const name of names) if (a[name] !== b[name]) return false;
  return true;
}

/** A short, stable digest of a text (FNV-1a, 32 bits): names a form's starting values without holding them. */
export function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The key of one form's draft for one user: the page, the dialog's name and a digest of the form's
 * starting values (so editing one record never offers what was typed for another).
 */
export function draftKey(userId: string, page: string, name: string, initial: object): string {
  return `${DRAFT_KEY_PREFIX}${userId}:${digest(`${page}\n${name}\n${JSON.stringify(keptFields(initial))}`)}`;
}

/** Keeps a draft (a full storage or a refusing browser loses it quietly: the dialog still works). */
export function saveDraft(key: string, fields: DraftFields): void {
  try {
    storage()?.setItem(key, JSON.stringify(fields));
  } catch {
    // Nothing to do: keeping a draft is a help, never a condition of the form.
  }
}

/** The kept draft, or null when there is none (or it is not one this code wrote). */
export function readDraft(key: string): DraftFields | null {
  let text: string | null;
  try {
    text = storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const fields = keptFields(parsed);
    return Object.keys(fields).length > 0 ? fields : null;
  } catch {
    return null;
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // As above.
  }
}

/** Removes every draft that does not belong to `userId` (someone else signed in on this browser). */
export function clearDraftsExcept(userId: string): void {
  const store = storage();
  if (!store) return;
  const own = `${DRAFT_KEY_PREFIX}${userId}:`;
  try {
    const others: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(DRAFT_KEY_PREFIX) && !key.startsWith(own)) others.push(key);
    }
    for (const key of others) store.removeItem(key);
  } catch {
    // As above.
  }
}
