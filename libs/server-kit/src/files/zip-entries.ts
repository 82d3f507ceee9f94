const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65535 bytes. */
const MAX_END_RECORD_SEARCH = 22 + 0xffff;

/**
 * The entry names of a zip archive, read from its central directory; null when the bytes are not a
 * readable zip. Used to tell a Word document (.docx: a zip holding `word/...`) from any other zip.
 */
export function zipEntryNames(bytes: Buffer, maxEntries = 10_000): string[] | null {
  const searchFrom = Math.max(0, bytes.length - MAX_END_RECORD_SEARCH);
  let end = -1;
  for (let i = bytes.length - 22; i >= searchFrom; i--) {
    if (bytes.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < Math.min(count, maxEntries); n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_DIRECTORY_HEADER) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const nameStart = offset + 46;
    if (nameStart + nameLength > bytes.length) return null;
    names.push(bytes.toString('utf8', nameStart, nameStart + nameLength));
    offset = nameStart + nameLength + extraLength + commentLength;
  }
  return names;
}
