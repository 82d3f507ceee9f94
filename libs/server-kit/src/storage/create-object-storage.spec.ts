import { s3OptionsFrom } from './create-object-storage';

describe('S3 options from configuration', () => {
  const credentials = { accessKey: 'key', secretKey: 'secret', bucket: 'kcf-files', localRoot: '/tmp/unused' };

  it('reads host, port and TLS from an endpoint URL', () => {
    expect(s3OptionsFrom({ ...credentials, endpoint: 'https://files.example.org:9443' })).toMatchObject({
      endpoint: 'files.example.org',
      port: 9443,
      useSSL: true,
    });
    expect(s3OptionsFrom({ ...credentials, endpoint: 'http://minio:9000' })).toMatchObject({
      endpoint: 'minio',
      port: 9000,
      useSSL: false,
    });
  });

  it('takes a bare host name with the port and TLS given beside it', () => {
    expect(s3OptionsFrom({ ...credentials, endpoint: 'minio', port: 9000, useSSL: false })).toMatchObject({
      endpoint: 'minio',
      port: 9000,
      useSSL: false,
      bucket: 'kcf-files',
    });
  });

  it('refuses an endpoint without credentials or bucket', () => {
    expect(() => s3OptionsFrom({ endpoint: 'minio', localRoot: '/tmp/unused' })).toThrow(/access key/);
    expect(() => s3OptionsFrom({ ...credentials, bucket: undefined, endpoint: 'minio' })).toThrow(/bucket/);
  });
});
