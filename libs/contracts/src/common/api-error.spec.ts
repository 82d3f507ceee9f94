import { z } from 'zod';
import { ApiErrorBody, validationErrorBody } from './api-error';

describe('validationErrorBody', () => {
  const schema = z.object({
    fullName: z.string().min(1, 'Full name is required'),
    items: z.array(z.object({ amount: z.number({ error: 'Amount is required' }) })),
  });

  it('lists field errors with dotted paths and leads with the first message', () => {
    const result = schema.safeParse({ fullName: '', items: [{}] });
    if (result.success) throw new Error('expected a failure');
    const body = validationErrorBody(result.error, 'req-1');
    expect(body).toEqual({
      message: 'Full name is required',
      errors: [
        { path: 'fullName', message: 'Full name is required' },
        { path: 'items.0.amount', message: 'Amount is required' },
      ],
      requestId: 'req-1',
    });
    expect(ApiErrorBody.parse(body)).toEqual(body);
  });
});
