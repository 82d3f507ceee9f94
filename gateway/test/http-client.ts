import { request, type IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/** A plain HTTP call that sends the path byte for byte and never decodes the response body. */
export function call(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string | string[]>; body?: Buffer | string | Readable } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString('utf8'),
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('error', reject);
    const body = options.body;
    if (body === undefined) req.end();
    else if (typeof body === 'string' || Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}
