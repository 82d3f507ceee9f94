/** @jest-environment jsdom */
import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { IncomeBody } from '@kcf/contracts';
import { Providers } from '@kcf/testing/web';
import { ApiError } from '../api/api-error';
import { createQueryClient } from '../api/query-client';
import { useForm, type UseFormOptions } from './use-form';

const blank = { amount: '', source: '', date: '2025-03-12', remarks: '' };
const filled = { amount: '2500.50', source: 'Church harambee', date: '2025-03-12', remarks: '' };

function wrapper({ children }: { children: ReactNode }) {
  return <Providers client={createQueryClient()}>{children}</Providers>;
}

function setUp(options: Partial<UseFormOptions<typeof blank, unknown>> = {}) {
  const submit = jest.fn(async (_data: unknown) => ({ id: 'i1' }));
  const view = renderHook(() => useForm({ initial: blank, schema: IncomeBody, submit, ...options }), { wrapper });
  return { ...view, submit };
}

const fill = (form: { set: (field: keyof typeof blank, value: string) => void }, values: typeof blank) =>
  act(() => {
    for (const [field, value] of Object.entries(values)) form.set(field as keyof typeof blank, value);
  });

describe('useForm', () => {
  it('checks with the schema on submit, shows the first message per field and sends nothing', async () => {
    const onInvalid = jest.fn();
    const { result, submit } = setUp({ onInvalid });
    await act(() => result.current.handleSubmit());
    expect(result.current.errors).toEqual({ amount: expect.any(String), source: 'Source is required' });
    expect(onInvalid).toHaveBeenCalledWith(result.current.errors, null);
    expect(submit).not.toHaveBeenCalled();
  });

  it("clears a field's message when that field is edited, and only that one", async () => {
    const { result } = setUp();
    await act(() => result.current.handleSubmit());
    act(() => result.current.set('source', 'Rotary'));
    expect(result.current.errors.source).toBeUndefined();
    expect(result.current.errors.amount).toBeDefined();
  });

  it('sends what the schema gave back, spins meanwhile, and says it worked', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const submit = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    const onSuccess = jest.fn();
    const { result } = renderHook(
      () => useForm({ initial: blank, schema: IncomeBody, submit, success: 'Income created successfully', onSuccess }),
      { wrapper },
    );
    fill(result.current, filled);
    let submitting: Promise<void> = Promise.resolve();
    act(() => {
      submitting = result.current.handleSubmit();
    });
    expect(result.current.submitting).toBe(true);
    await act(() => result.current.handleSubmit());
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ amount: '2500.50', source: 'Church harambee' }),
      filled,
    );
    await act(async () => {
      finish({ id: 'i1' });
      await submitting;
    });
    expect(result.current.submitting).toBe(false);
    expect(onSuccess).toHaveBeenCalledWith({ id: 'i1' }, expect.objectContaining({ reset: expect.any(Function) }));
    expect(screen.getByText('Income created successfully')).toBeTruthy();
  });

  it("keeps the values after a refused save, with the server's field messages and the failure toast", async () => {
    const body = { message: 'Source is too long', errors: [{ path: 'source', message: 'Source is too long' }] };
    const refused = new ApiError(400, `400: ${JSON.stringify(body)}`, body);
    const onError = jest.fn();
    const { result } = setUp({
      submit: jest.fn().mockRejectedValue(refused),
      failure: 'Failed to create income',
      failureToast: { serverMessage: false },
      onError,
    });
    fill(result.current, filled);
    await act(() => result.current.handleSubmit());
    expect(result.current.values).toEqual(filled);
    expect(result.current.errors).toEqual({ source: 'Source is too long' });
    expect(result.current.failure).toBe(refused);
    expect(onError).toHaveBeenCalledWith(refused, expect.objectContaining({ setError: expect.any(Function) }));
    expect(screen.getByText('Failed to create income')).toBeTruthy();
  });

  it('adds the checks a schema cannot make, and runs without a schema', async () => {
    const { result, submit } = setUp({
      schema: undefined,
      check: (v) => ({ remarks: v.remarks ? null : 'Choose a file' }),
    });
    await act(() => result.current.handleSubmit());
    expect(result.current.errors).toEqual({ remarks: 'Choose a file' });
    act(() => result.current.set('remarks', 'x'));
    await act(() => result.current.handleSubmit());
    expect(submit).toHaveBeenCalledWith({ ...blank, remarks: 'x' }, { ...blank, remarks: 'x' });
  });

  it('shows a message set by hand and puts everything back on reset', async () => {
    const { result } = setUp();
    act(() => {
      result.current.set('source', 'Rotary');
      result.current.setError('remarks', 'Too long');
    });
    expect(result.current.errors).toEqual({ remarks: 'Too long' });
    act(() => result.current.reset());
    expect(result.current.values).toEqual(blank);
    expect(result.current.errors).toEqual({});
  });
});
