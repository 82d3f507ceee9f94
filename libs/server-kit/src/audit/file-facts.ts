import { createHash } from 'node:crypto';

/** What the trail records of a file: never its contents. */
export type FileFacts = {
  name: string;
  type: string;
  size: number;
  sha256: string;
};

export function fileFacts(file: { originalname: string; mimetype: string; size: number; buffer: Buffer }): FileFacts {
  return {
    name: file.originalname,
    type: file.mimetype,
    size: file.size,
    sha256: createHash('sha256').update(file.buffer).digest('hex'),
  };
}
