import { addressOf, pageAt } from '../pages/page-table';

/**
 * Where a signed-in user was, so that signing in again after the session ended (inactivity, a 401) goes
 * back there instead of to the dashboard. It is kept in sessionStorage (this tab only), with the user's id:
 * somebody else signing in on the same browser starts on their own home page.
 *
 * Only an app route's path travels: same origin, no query (a search may hold a child's name), no hash.
 */
export const RETURN_PATH_KEY = 'kcf.returnPath';

/** A page's parameter (a child's id) as it may travel: letters, digits, '-' and '_'. */
const PARAM = /^[A-Za-z0-9_-]{1,50}$/;

/**
 * `value` when it is, exactly, the address of one of the page table's pages (a child's profile by id), else
 * null: never an absolute or protocol-relative URL, a backslash, an encoded character, a query or a hash, an
 * API or file path.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const found = pageAt(value);
  if (!found || !Object.values(found.params).every((param) => PARAM.test(param))) return null;
  return addressOf(found.page, found.params) === value ? value : null;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Notes the page a signed-in user is on (anything that is not an app page is not noted). */
export function rememberPage(userId: string, path: string): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    storage()?.setItem(RETURN_PATH_KEY, JSON.stringify({ userId, path: safe }));
  } catch {
    // Going back after sign-in is a help: without storage, sign-in lands on the home page.
  }
}

/**
 * The page to go back to when `userId` signs in, or null: then the home page. Read, not removed: both the
 * login page and the signed-in routes' /login ask, and the next page opened is noted over it anyway.
 */
export function returnPathFor(userId: string): string | null {
  let text: string | null;
  try {
    text = storage()?.getItem(RETURN_PATH_KEY) ?? null;
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const noted = JSON.parse(text) as { userId?: unknown; path?: unknown } | null;
    return noted?.userId === userId ? safeReturnPath(noted.path) : null;
  } catch {
    return null;
  }
}

/** A deliberate sign-out: the next sign-in starts on the home page. */
export function forgetReturnPath(): void {
  try {
    storage()?.removeItem(RETURN_PATH_KEY);
  } catch {
    // As above.
  }
}
