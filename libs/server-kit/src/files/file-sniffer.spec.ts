import { crc32 } from 'node:zlib';
import { checkFile, sniffFileType } from './file-sniffer';
import { zipEntryNames } from './zip-entries';

function zip(names: string[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(crc32(Buffer.alloc(0)), 14);
    local.writeUInt16LE(n.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(n.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, n);
    central.push(entry, n);
    offset += 30 + n.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');
const JPG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(50)]);
const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1000)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('zipEntryNames', () => {
  it('reads the names from the central directory', () => {
    expect(zipEntryNames(zip(['[Content_Types].xml', 'word/document.xml']))).toEqual([
      '[Content_Types].xml',
      'word/document.xml',
    ]);
  });

  it('answers null for bytes that are not a zip or are cut short', () => {
    expect(zipEntryNames(Buffer.from('not a zip at all, just text'))).toBeNull();
    const whole = zip(['word/document.xml']);
    const cut = Buffer.concat([whole.subarray(0, 10), whole.subarray(whole.length - 22)]);
    expect(zipEntryNames(cut)).toBeNull();
  });
});

describe('sniffFileType', () => {
  it('reads the type from the bytes', async () => {
    expect(await sniffFileType(PNG)).toEqual({ ext: 'png', mime: 'image/png' });
    expect(await sniffFileType(PDF)).toEqual({ ext: 'pdf', mime: 'application/pdf' });
    expect(await sniffFileType(JPG)).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    expect(await sniffFileType(OLE)).toEqual({ ext: 'doc', mime: 'application/msword' });
  });

  it('tells a Word document from any other zip', async () => {
    expect((await sniffFileType(zip(['[Content_Types].xml', 'word/document.xml'])))?.ext).toBe('docx');
    expect(await sniffFileType(zip(['xl/workbook.xml']))).toBeNull();
  });

  it('answers null for text, programs, other pictures and nothing at all', async () => {
    expect(await sniffFileType(Buffer.from('hello, I am a text file'))).toBeNull();
    expect(await sniffFileType(Buffer.from('<html></html>'))).toBeNull();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(100)]);
    expect(await sniffFileType(elf)).toBeNull();
    expect(await sniffFileType(GIF)).toBeNull();
    expect(await sniffFileType(Buffer.alloc(0))).toBeNull();
  });
});

describe('checkFile', () => {
  const pictures = { maxBytes: 1024 * 1024, mimeTypes: ['image/jpeg', 'image/png'] };
  const refuse = (why: 'tooLarge' | 'wrongType') => new Error(why);
  const file = (buffer: Buffer, size = buffer.length) => ({ buffer, size });

  it('answers the type read from the bytes, whatever the name said', async () => {
    expect(await checkFile(file(PNG), pictures, refuse)).toEqual({ ext: 'png', mime: 'image/png' });
  });

  it('refuses a type the rule does not take, and content of no known type', async () => {
    await expect(checkFile(file(PDF), pictures, refuse)).rejects.toThrow('wrongType');
    await expect(checkFile(file(OLE), pictures, refuse)).rejects.toThrow('wrongType');
    await expect(checkFile(file(Buffer.alloc(0)), pictures, refuse)).rejects.toThrow('wrongType');
  });

  it('refuses a file over the limit before reading it, by its declared size or its bytes', async () => {
    await expect(checkFile(file(PNG, 1024 * 1024 + 1), pictures, refuse)).rejects.toThrow('tooLarge');
    await expect(checkFile(file(PNG, 10), { ...pictures, maxBytes: PNG.length - 1 }, refuse)).rejects.toThrow(
      'tooLarge',
    );
  });
});
