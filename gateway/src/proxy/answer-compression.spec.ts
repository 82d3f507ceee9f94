import { answerEncoding, isCompressibleAnswer } from './answer-compression';

const json = { 'content-type': 'application/json; charset=utf-8', 'content-length': '25000' };

describe('answerEncoding', () => {
  it('compresses a large JSON or CSV answer to a GET with the best encoding the client accepts', () => {
    expect(answerEncoding('GET', ['br', 'gzip'], 200, json)).toBe('br');
    expect(answerEncoding('GET', ['gzip'], 200, json)).toBe('gzip');
    expect(answerEncoding('GET', ['gzip'], 200, { 'content-type': 'text/csv; charset=utf-8' })).toBe('gzip');
  });

  it('leaves everything else as it came', () => {
    expect(answerEncoding('GET', [], 200, json)).toBeNull();
    expect(answerEncoding('POST', ['br'], 200, json)).toBeNull();
    expect(answerEncoding('HEAD', ['br'], 200, json)).toBeNull();
    expect(answerEncoding('GET', ['br'], 304, json)).toBeNull();
    expect(answerEncoding('GET', ['br'], 204, json)).toBeNull();
    expect(answerEncoding('GET', ['br'], 404, json)).toBeNull();
    expect(answerEncoding('GET', ['br'], 200, { ...json, 'content-length': '1023' })).toBeNull();
    expect(answerEncoding('GET', ['br'], 200, { ...json, 'content-encoding': 'gzip' })).toBeNull();
    expect(answerEncoding('GET', ['br'], 200, { ...json, 'cache-control': 'private, no-transform' })).toBeNull();
    expect(answerEncoding('GET', ['br'], 200, { 'content-type': 'image/jpeg', 'content-length': '90000' })).toBeNull();
    expect(answerEncoding('GET', ['br'], 200, { 'content-type': 'application/pdf' })).toBeNull();
  });
});

describe('isCompressibleAnswer', () => {
  it('is JSON and CSV only', () => {
    expect(isCompressibleAnswer({ 'content-type': 'Application/JSON' })).toBe(true);
    expect(isCompressibleAnswer({ 'content-type': 'text/csv' })).toBe(true);
    expect(isCompressibleAnswer({ 'content-type': 'text/html' })).toBe(false);
    expect(isCompressibleAnswer({})).toBe(false);
  });
});
