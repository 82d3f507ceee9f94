/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import BeneficiaryDialog from './beneficiary-dialog';

jest.mock('../beneficiaries.module.css', () => ({}));

interface Sent {
  method: string;
  url: string;
  body: FormData;
}

let sent: Sent[] = [];
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** Answers every call with the given status and JSON body, remembering what was sent. */
function answerWith(status: number, body: unknown) {
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', url: String(url), body: init?.body as FormData });
    return jsonAnswer(status, body);
  }) as typeof fetch;
}

function renderDialog(onClose = jest.fn()) {
  renderWithProviders(<BeneficiaryDialog beneficiary={null} onClose={onClose} />);
  return onClose;
}

function fillIn() {
  const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type(/^Full Name/, 'Amani Wekesa');
  type(/^Date of Birth/, '2014-03-09');
  type(/^Home Village/, 'Funyula');
  type(/^Sub-county/, 'Samia');
  type(/^County/, 'busia');
  type(/^Guardian Name/, 'Mary Wekesa');
  type(/^Guardian Phone/, '0712 345 678');
  type(/^School Name/, 'Funyula Primary');
  type(/^Grade Level/, 'grade_5');
}

beforeEach(() => {
  sent = [];
});

describe('the Add Beneficiary dialog', () => {
  it("shows the spec's messages and sends nothing while required fields are empty", async () => {
    answerWith(201, {});
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Create Beneficiary' }));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Guardian phone is required')).toBeTruthy();
    expect(screen.getByText('Grade level is required')).toBeTruthy();
    expect(sent).toHaveLength(0);
    // Typing in a field clears its message.
    fireEvent.change(screen.getByLabelText(/^Full Name/), { target: { value: 'A' } });
    expect(screen.queryByText('Full name is required')).toBeNull();
  });

  it("stays open after a refused save, with what was typed and the server's messages", async () => {
    answerWith(400, { message: 'Guardian phone is not a phone number', errors: [{ path: ['guardianPhone'], message: 'Guardian phone is not a phone number' }] });
    const onClose = renderDialog();
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Create Beneficiary' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Guardian phone is not a phone number');
    expect(screen.getAllByText('Guardian phone is not a phone number')).toHaveLength(2);
    expect(screen.getByText('Failed to create beneficiary')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/^Full Name/) as HTMLInputElement).value).toBe('Amani Wekesa');
  });

  it('posts the filled fields as multipart and closes with a success toast', async () => {
    answerWith(201, { id: 'KCF-000001' });
    const onClose = renderDialog();
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Create Beneficiary' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByText('Beneficiary created successfully')).toBeTruthy();
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.url).toBe('/api/beneficiaries');
    expect(post?.body.get('county')).toBe('busia');
    expect(post?.body.get('guardianPhone')).toBe('0712 345 678');
    expect(post?.body.has('birthCertificate')).toBe(false);
  });
});
