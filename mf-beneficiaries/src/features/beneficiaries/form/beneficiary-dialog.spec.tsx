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

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The child's fields; the consent section stays as it opened (registration not yet filled in). */
function fillChild() {
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

/** The child and the registration consent: given by the mother on a signed form. */
function fillIn() {
  fillChild();
  type(/^Given By/, 'Mary Wekesa');
  type(/^Relationship to Child/, 'Mother');
  type(/^Method/, 'signed_form');
  type(/^Date Given/, '2026-01-05');
}

const sentConsents = () => {
  const post = sent.find((s) => s.method === 'POST');
  return JSON.parse(String(post?.body.get('consents'))) as Record<string, Record<string, string>>;
};

beforeEach(() => {
  sent = [];
});

describe('the Add Beneficiary dialog', () => {
  it("shows the product's messages and sends nothing while required fields are empty", async () => {
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
    answerWith(400, {
      message: 'Guardian phone is not a phone number',
      errors: [{ path: ['guardianPhone'], message: 'Guardian phone is not a phone number' }],
    });
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

  it('requires registration consent: who gave it, their relationship and how, before anything is sent', async () => {
    answerWith(201, { id: 'KCF-000001' });
    const onClose = renderDialog();
    fillChild();
    fireEvent.click(screen.getByRole('button', { name: 'Create Beneficiary' }));
    // The contract's create body's messages, under the consent section's inputs.
    expect(await screen.findByText('Relationship is required')).toBeTruthy();
    expect(screen.getByText('Method is required')).toBeTruthy();
    expect(screen.getByLabelText(/^Given By/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Given by is required')).toBeTruthy();
    expect(sent).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("asks for a witness's name when the consent was verbal", async () => {
    answerWith(201, { id: 'KCF-000001' });
    renderDialog();
    fillIn();
    expect(screen.queryByLabelText(/^Witness Name/)).toBeNull();
    type(/^Method/, 'verbal');
    fireEvent.click(screen.getByRole('button', { name: 'Create Beneficiary' }));
    expect(await screen.findByText('Witness is required for verbal consent')).toBeTruthy();
    expect(sent).toHaveLength(0);
    type(/^Witness Name/, 'John Barasa');
    fireEvent.click(screen.getByRole('button', { name: 'Create Beneficiary' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sentConsents().registration).toEqual({
      state: 'granted',
      givenBy: 'Mary Wekesa',
      relationship: 'Mother',
      method: 'verbal',
      witness: 'John Barasa',
      date: '2026-01-05',
    });
  });

  it('sends `consents`: registration, and each ticked purpose granted the same way; the others left out', async () => {
    answerWith(201, { id: 'KCF-000001' });
    const onClose = renderDialog();
    fillIn();
    type(/^Expires On/, '2027-01-05');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Photos (internal)' }));
    expect((screen.getByRole('checkbox', { name: 'Medical' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Create Beneficiary' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const grant = {
      state: 'granted',
      givenBy: 'Mary Wekesa',
      relationship: 'Mother',
      method: 'signed_form',
      date: '2026-01-05',
      expiresOn: '2027-01-05',
    };
    expect(sentConsents()).toEqual({ registration: grant, photos_internal: grant });
    // The child's own fields travel as before, without the consent inputs.
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.body.get('fullName')).toBe('Amani Wekesa');
    expect(post?.body.has('consentGivenBy')).toBe(false);
    expect(post?.body.has('photos_internal')).toBe(false);
  });

  it('shows what the server refused about the consents above the fields', async () => {
    answerWith(400, {
      message: 'Evidence document must be a document id',
      errors: [
        { path: 'consents.registration.evidenceDocumentId', message: 'Evidence document must be a document id' },
      ],
    });
    const onClose = renderDialog();
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Create Beneficiary' }));
    await waitFor(() =>
      expect(screen.getAllByText('Evidence document must be a document id').length).toBeGreaterThan(0),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
