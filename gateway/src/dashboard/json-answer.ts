import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptedEncodings, createCompressor, varyOnAcceptEncoding } from '@kcf/static-server';
import { answerEncoding } from '../proxy/answer-compression';

/**
 * Sends a JSON answer the gateway made itself under the proxy's rule for the services' answers
 * (`answerEncoding`): a GET answer of 1 KB or more goes brotli or gzip to a client that accepts it, and
 * every one says `Vary: Accept-Encoding`. The dashboard is read on slow, paid-for mobile data.
 */
export function sendJsonAnswer(req: IncomingMessage, res: ServerResponse, body: unknown): void {
  const json = Buffer.from(JSON.stringify(body));
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(json.length),
  };
  const encoding = answerEncoding(req.method ?? 'GET', acceptedEncodings(req.headers['accept-encoding']), 200, headers);
  res.setHeader('vary', varyOnAcceptEncoding(res.getHeader('vary')));
  if (!encoding) {
    res.writeHead(200, headers);
    res.end(json);
    return;
  }
  delete headers['content-length'];
  headers['content-encoding'] = encoding;
  res.writeHead(200, headers);
  const compressor = createCompressor(encoding, json.length);
  compressor.on('error', () => res.destroy());
  compressor.pipe(res);
  compressor.end(json);
}
