import { NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { z } from 'zod';
import { defineErrors } from '@kcf/contracts';
import { AppError } from './app-error';
import { toErrorResponse } from './global-exception.filter';
import { ZodValidationPipe } from '../http/zod-validation.pipe';

describe('toErrorResponse', () => {
  it('maps every error code to its status', () => {
    expect(toErrorResponse(new AppError('CONFLICT', 'Cannot delete user who has created records'))).toEqual({
      status: 409,
      body: { message: 'Cannot delete user who has created records', errors: undefined },
    });
    expect(toErrorResponse(new AppError('UNSUPPORTED_MEDIA_TYPE', 'x')).status).toBe(415);
    expect(toErrorResponse(new AppError('TOO_MANY_REQUESTS', 'x')).status).toBe(429);
  });

  it('turns an unknown route into a JSON 404', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /api/nope'))).toEqual({
      status: 404,
      body: { message: 'Not found' },
    });
  });

  it('keeps client mistakes out of the 500s', () => {
    expect(toErrorResponse({ type: 'entity.parse.failed', status: 400 }).status).toBe(400);
    expect(toErrorResponse({ type: 'entity.too.large', status: 413 }).status).toBe(413);
    expect(toErrorResponse({ code: 'LIMIT_FILE_SIZE' }).status).toBe(413);
    expect(toErrorResponse(new PayloadTooLargeException()).status).toBe(413);
  });

  it("maps the storage port's errors", () => {
    expect(toErrorResponse(Object.assign(new Error('missing'), { code: 'OBJECT_NOT_FOUND' }))).toEqual({
      status: 404,
      body: { message: 'Not found' },
    });
    expect(toErrorResponse(Object.assign(new Error('bad'), { code: 'INVALID_OBJECT_KEY' })).status).toBe(400);
    expect(toErrorResponse(Object.assign(new Error('big'), { code: 'OBJECT_TOO_LARGE' })).status).toBe(413);
  });

  it('answers a value PostgreSQL refuses (SQLSTATE class 22) with 400 and what is wrong, in every service', () => {
    const pgError = (code: string, extra: Record<string, unknown> = {}) =>
      Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code, ...extra });
    expect(toErrorResponse(pgError('22021'))).toEqual({
      status: 400,
      body: { message: 'A value holds a character that cannot be stored' },
    });
    expect(toErrorResponse(pgError('22P05'))).toEqual({
      status: 400,
      body: { message: 'A value holds a character that cannot be stored' },
    });
    expect(toErrorResponse(pgError('22001'))).toEqual({ status: 400, body: { message: 'A value is too long' } });
    expect(toErrorResponse(pgError('22003'))).toEqual({ status: 400, body: { message: 'A value is out of range' } });
    expect(toErrorResponse(pgError('22008'))).toEqual({ status: 400, body: { message: 'A value is out of range' } });
    for (const code of ['22P02', '22007', '22023'])
      expect(toErrorResponse(pgError(code))).toEqual({ status: 400, body: { message: 'A value is not valid' } });
    // As TypeORM wraps it.
    expect(toErrorResponse({ message: 'x', driverError: { code: '22001' } }).status).toBe(400);
  });

  it('names the field of a refused value when PostgreSQL names its column', () => {
    const refused = Object.assign(new Error('value too long'), { code: '22001', column: 'planned_amount' });
    expect(toErrorResponse(refused)).toEqual({
      status: 400,
      body: { message: 'A value is too long', errors: [{ path: 'plannedAmount', message: 'A value is too long' }] },
    });
  });

  it('names the field whose value PostgreSQL quotes when it names no column: in the body, else in the query', () => {
    const refused = Object.assign(new Error('date/time field value out of range: "0000-01-01"'), { code: '22008' });
    expect(toErrorResponse(refused, { body: { amount: '10', date: '0000-01-01' } })).toEqual({
      status: 400,
      body: { message: 'A value is out of range', errors: [{ path: 'date', message: 'A value is out of range' }] },
    });
    expect(
      toErrorResponse(refused, { body: { guardians: [{ name: 'A' }, { since: '0000-01-01' }] } }).body.errors,
    ).toEqual([{ path: 'guardians.1.since', message: 'A value is out of range' }]);
    expect(toErrorResponse(refused, { body: {}, query: { from: '0000-01-01', to: '2026-01-01' } }).body.errors).toEqual(
      [{ path: 'from', message: 'A value is out of range' }],
    );
    const tooBig = Object.assign(new Error('value "100000000000000000000" is out of range for type bigint'), {
      code: '22003',
    });
    expect(toErrorResponse(tooBig, { query: { offset: '100000000000000000000' } }).body.errors).toEqual([
      { path: 'offset', message: 'A value is out of range' },
    ]);
    // Two fields hold it, or none: no field is named (never a guess), the message stays.
    expect(toErrorResponse(refused, { query: { from: '0000-01-01', to: '0000-01-01' } })).toEqual({
      status: 400,
      body: { message: 'A value is out of range' },
    });
    expect(toErrorResponse(refused, { body: { date: '2026-01-01' } })).toEqual({
      status: 400,
      body: { message: 'A value is out of range' },
    });
  });

  it('leaves the other database failures to their own answers', () => {
    expect(toErrorResponse(Object.assign(new Error('duplicate key'), { code: '23505' })).status).toBe(500);
    expect(toErrorResponse(Object.assign(new Error('serialization'), { code: '40001' })).status).toBe(503);
  });

  it('hides internals of real failures', () => {
    const r = toErrorResponse(new Error('relation "users" does not exist'));
    expect(r).toEqual({ status: 500, body: { message: 'Internal server error' } });
  });

  it('reports validation issues with paths and messages', () => {
    const pipe = new ZodValidationPipe(z.object({ fullName: z.string().min(1, 'Full name is required') }));
    let caught: unknown;
    try {
      pipe.transform({ fullName: '' });
    } catch (e) {
      caught = e;
    }
    expect(toErrorResponse(caught)).toEqual({
      status: 400,
      body: { message: 'Full name is required', errors: [{ path: 'fullName', message: 'Full name is required' }] },
    });
  });
});

describe('errors from a catalogue', () => {
  const CATALOGUE = defineErrors('test', {
    budgetExists: { status: 409, message: (p: { term: string }) => `A budget for ${p.term} already exists` },
    childNotFound: { status: 400, message: 'Beneficiary not found', field: 'beneficiaryId' },
  });

  it('answer their status and message, and name their field', () => {
    expect(toErrorResponse(AppError.of(CATALOGUE.budgetExists, { term: 'Term 1' }))).toEqual({
      status: 409,
      body: { message: 'A budget for Term 1 already exists', errors: undefined },
    });
    expect(toErrorResponse(AppError.of(CATALOGUE.childNotFound))).toEqual({
      status: 400,
      body: { message: 'Beneficiary not found', errors: [{ path: 'beneficiaryId', message: 'Beneficiary not found' }] },
    });
    expect(AppError.of(CATALOGUE.childNotFound).entryCode).toBe('test.childNotFound');
  });
});
