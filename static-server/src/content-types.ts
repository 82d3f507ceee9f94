import { extname } from 'node:path';

interface TypeInfo {
  type: string;
  /** Worth compressing (text and other formats that are not compressed already). */
  compressible: boolean;
}

const TYPES: Record<string, TypeInfo> = {
  '.html': { type: 'text/html; charset=utf-8', compressible: true },
  '.js': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.cjs': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.css': { type: 'text/css; charset=utf-8', compressible: true },
  '.json': { type: 'application/json; charset=utf-8', compressible: true },
  '.map': { type: 'application/json; charset=utf-8', compressible: true },
  '.webmanifest': { type: 'application/manifest+json; charset=utf-8', compressible: true },
  '.txt': { type: 'text/plain; charset=utf-8', compressible: true },
  '.xml': { type: 'application/xml; charset=utf-8', compressible: true },
  '.svg': { type: 'image/svg+xml', compressible: true },
  '.wasm': { type: 'application/wasm', compressible: true },
  '.ico': { type: 'image/x-icon', compressible: true },
  '.ttf': { type: 'font/ttf', compressible: true },
  '.otf': { type: 'font/otf', compressible: true },
  '.woff': { type: 'font/woff', compressible: false },
  '.woff2': { type: 'font/woff2', compressible: false },
  '.png': { type: 'image/png', compressible: false },
  '.jpg': { type: 'image/jpeg', compressible: false },
  '.jpeg': { type: 'image/jpeg', compressible: false },
  '.gif': { type: 'image/gif', compressible: false },
  '.webp': { type: 'image/webp', compressible: false },
  '.avif': { type: 'image/avif', compressible: false },
  '.pdf': { type: 'application/pdf', compressible: false },
};

const UNKNOWN: TypeInfo = { type: 'application/octet-stream', compressible: false };

export function typeOf(fileName: string): TypeInfo {
  return TYPES[extname(fileName).toLowerCase()] ?? UNKNOWN;
}
