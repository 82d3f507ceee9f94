import type { IncomingMessage, ServerResponse } from 'node:http';

/** Connect-style middleware on plain Node objects: usable in front of express and inside it. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The path of a request URL, without its query string. */
export function pathOf(url: string | undefined): string {
  if (!url) return '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
