import { checkUpload } from './file-types';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
  'hex',
);
const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1000)]);

// What a file is, read from its bytes, is server-kit's (`src/files/file-sniffer.spec.ts`); here, each kind's rule and messages.
describe('checkUpload', () => {
  it('refuses the wrong type with 415 and the kind message', async () => {
    await expect(checkUpload('photo', { buffer: OLE, size: OLE.length, originalname: 'a.png' })).rejects.toMatchObject({
      status: 415,
      message: 'Photo must be a JPG or PNG image',
    });
    await expect(
      checkUpload('birthCertificate', { buffer: PNG, size: PNG.length, originalname: 'a.pdf' }),
    ).rejects.toMatchObject({ status: 415 });
  });

  it('refuses a file over the limit with 413 before reading it', async () => {
    await expect(
      checkUpload('photo', { buffer: PNG, size: 1024 * 1024 + 1, originalname: 'a.png' }),
    ).rejects.toMatchObject({
      status: 413,
      message: 'Photo must be 1MB or less',
    });
  });

  it('answers the type of an accepted file', async () => {
    expect(await checkUpload('document', { buffer: OLE, size: OLE.length, originalname: 'x.doc' })).toEqual({
      ext: 'doc',
      mime: 'application/msword',
    });
  });
});
