import { crc32 } from 'node:zlib';
import { checkUpload, detectFileType } from './file-types';
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

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082', 'hex');
const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1000)]);

describe('zipEntryNames', () => {
  it('reads the names from the central directory', () => {
    expect(zipEntryNames(zip(['[Content_Types].xml', 'word/document.xml']))).toEqual(['[Content_Types].xml', 'word/document.xml']);
  });

  it('answers null for bytes that are not a zip or are cut short', () => {
    expect(zipEntryNames(Buffer.from('not a zip at all, just text'))).toBeNull();
    const whole = zip(['word/document.xml']);
    const cut = Buffer.concat([whole.subarray(0, 10), whole.subarray(whole.length - 22)]);
    expect(zipEntryNames(cut)).toBeNull();
  });
});

describe('detectFileType', () => {
  it('reads the type from the bytes', async () => {
    expect(await detectFileType(PNG)).toEqual({ ext: 'png', mime: 'image/png' });
    expect(await detectFileType(Buffer.from('%PDF-1.7\n%%EOF\n'))).toEqual({ ext: 'pdf', mime: 'application/pdf' });
    expect(await detectFileType(Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(50)]))).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    expect(await detectFileType(OLE)).toEqual({ ext: 'doc', mime: 'application/msword' });
  });

  it('tells a Word document from any other zip', async () => {
    expect((await detectFileType(zip(['[Content_Types].xml', 'word/document.xml'])))?.ext).toBe('docx');
    expect(await detectFileType(zip(['xl/workbook.xml']))).toBeNull();
  });

  it('answers null for text and programs', async () => {
    expect(await detectFileType(Buffer.from('hello, I am a text file'))).toBeNull();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(100)]);
    expect(await detectFileType(elf)).toBeNull();
  });
});

describe('checkUpload', () => {
  it('refuses the wrong type with 415 and the kind message', async () => {
    await expect(checkUpload('photo', { buffer: OLE, size: OLE.length, originalname: 'a.png' })).rejects.toMatchObject({
      status: 415,
      message: 'Photo must be a JPG or PNG image',
    });
    await expect(checkUpload('birthCertificate', { buffer: PNG, size: PNG.length, originalname: 'a.pdf' })).rejects.toMatchObject({ status: 415 });
  });

  it('refuses a file over the limit with 413 before reading it', async () => {
    await expect(checkUpload('photo', { buffer: PNG, size: 1024 * 1024 + 1, originalname: 'a.png' })).rejects.toMatchObject({
      status: 413,
      message: 'Photo must be 1MB or less',
    });
  });

  it('answers the type of an accepted file', async () => {
    expect(await checkUpload('document', { buffer: OLE, size: OLE.length, originalname: 'x.doc' })).toEqual({ ext: 'doc', mime: 'application/msword' });
  });
});
