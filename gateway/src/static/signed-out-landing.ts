import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readSessionId } from '../session/session-cookie';
import { pathOf } from '../proxy/middleware';

/** The shell's prerendered landing page, written by the build (libs/build-kit/src/shell-pages.js). */
export const LANDING_FILE = 'landing.html';

export interface SignedOutLanding {
  /** CSP sources allowing the page's inline stylesheet, e.g. `'sha256-…'`. */
  styleSources: string[];
  /**
   * Points a request for `/` from a visitor without a session cookie (who cannot be signed in) at the
   * landing page; every answer for `/` varies by cookie.
   */
  route(req: IncomingMessage, res: ServerResponse): void;
}

/** `'sha256-…'` of each inline `<style>` element's text, as browsers hash it for a CSP. */
export function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`,
  );
}

/** The landing page of the shell's build, or null when the build has none (the app then draws it). */
export function readSignedOutLanding(shellDir: string): SignedOutLanding | null {
  const file = join(shellDir, LANDING_FILE);
  if (!existsSync(file)) return null;
  return {
    styleSources: inlineStyleSources(readFileSync(file, 'utf8')),
    route(req, res) {
      if (pathOf(req.url) !== '/') return;
      res.setHeader('vary', 'Cookie');
      if ((req.method !== 'GET' && req.method !== 'HEAD') || readSessionId(req.headers.cookie) !== null) return;
      const query = req.url!.indexOf('?');
      req.url = `/${LANDING_FILE}${query === -1 ? '' : req.url!.slice(query)}`;
    },
  };
}
