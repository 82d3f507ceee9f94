import { InternalCallRefused } from './internal-client';

describe('InternalCallRefused.refusal', () => {
  it('passes a 4xx with the contract error body on as that 4xx, its message and field errors', () => {
    const refused = new InternalCallRefused(400, {
      message: 'Invalid ISO datetime',
      errors: [{ path: 'until', message: 'Invalid ISO datetime' }],
      requestId: 'r1',
    });
    const error = refused.refusal();
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Invalid ISO datetime');
    expect(error?.errors).toEqual([{ path: 'until', message: 'Invalid ISO datetime' }]);
    expect(new InternalCallRefused(404, { message: 'Not found' }).refusal()?.status).toBe(404);
  });

  it('is no refusal for a 5xx, or for a 4xx without the contract error body', () => {
    expect(new InternalCallRefused(500, { message: 'Internal server error' }).refusal()).toBeNull();
    expect(new InternalCallRefused(503, { message: 'Shutting down' }).refusal()).toBeNull();
    expect(new InternalCallRefused(400, '<html>bad gateway</html>').refusal()).toBeNull();
  });
});
