import type { ServerResponse } from 'node:http';

/** Writes a small JSON answer (errors the gateway produces itself, outside Nest's filter). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const requestId = res.getHeader('x-request-id');
  const payload = JSON.stringify(typeof requestId === 'string' ? { ...body, requestId } : body);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(payload));
  res.setHeader('cache-control', 'no-store');
  if (headers) for (const name in headers) res.setHeader(name, headers[name]);
  res.end(payload);
}
