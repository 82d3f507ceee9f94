import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of the ZIP: its path inside it, and its bytes (opened only when its turn comes). */
export interface ZipSource {
  name: string;
  open(): Promise<Readable | Buffer>;
  /** Deflate it (text); stored files (photos, PDFs, Word files) are already compressed and go in as they are. */
  compress: boolean;
}

/** Bytes of ZIP the stream holds before the writer waits for its reader. */
const HIGH_WATER_MARK = 256 * 1024;

/**
 * Writes `sources` into a ZIP, one file at a time, read piece by piece, into `stream`, waiting whenever the
 * stream's reader (the storage) is behind: what is held in memory is a few pieces, whatever the files' sizes.
 * `written(n)` runs after each file. `finished` settles when the last byte is handed over, or with the first
 * error (which also destroys `stream`, so the storage stores nothing).
 */
export function writeZip(
  sources: ZipSource[],
  mtime: Date,
  written: (count: number) => Promise<void>,
): { stream: Readable; finished: Promise<void> } {
  const stream = new PassThrough({ highWaterMark: HIGH_WATER_MARK });
  // Its errors reach the caller through `finished` and the storage's answer.
  stream.on('error', () => undefined);
  const zip = new Zip((error, chunk, final) => {
    if (error) return void stream.destroy(error);
    stream.write(chunk);
    if (final) stream.end();
  });
  const finished = (async () => {
    let count = 0;
    for (const source of sources) {
      const file = source.compress ? new ZipDeflate(source.name, { level: 6 }) : new ZipPassThrough(source.name);
      file.mtime = mtime;
      zip.add(file);
      const body = await source.open();
      if (Buffer.isBuffer(body)) {
        file.push(body, true);
        await drained(stream);
      } else {
        for await (const piece of body) {
          file.push(piece as Buffer, false);
          await drained(stream);
        }
        file.push(new Uint8Array(0), true);
      }
      count += 1;
      await written(count);
    }
    zip.end();
  })();
  finished.catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return { stream, finished };
}

/** Resolves once the stream can take more (at once when it can); rejects when it closes first. */
function drained(stream: PassThrough): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('The ZIP stream was closed'));
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('The ZIP stream was closed'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}
