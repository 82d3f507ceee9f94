import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import type { Encoding } from './accept-encoding';

/**
 * A streaming compressor for text sent on the fly (static files without a precompressed sibling, API
 * answers): brotli at quality 4 and gzip at level 6, both fast enough per request on a small server.
 */
export function createCompressor(encoding: Encoding, sizeHint?: number): BrotliCompress | Gzip {
  if (encoding === 'gzip') return createGzip({ level: 6 });
  const params: Record<number, number> = { [constants.BROTLI_PARAM_QUALITY]: 4 };
  if (sizeHint) params[constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  return createBrotliCompress({ params });
}
