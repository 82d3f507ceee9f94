/**
 * The gateway answers `/` with the prerendered landing page (landing.html) only to a visitor without a
 * session cookie, who cannot be signed in. That page marks its #root so: the browser then starts signed
 * out without asking /api/auth/user, and hydrates the markup instead of drawing it again.
 */
export const SIGNED_OUT_PAGE = { name: 'data-prerendered', value: 'signed-out' } as const;

export function isPrerenderedSignedOut(root: HTMLElement): boolean {
  return root.getAttribute(SIGNED_OUT_PAGE.name) === SIGNED_OUT_PAGE.value && root.hasChildNodes();
}
