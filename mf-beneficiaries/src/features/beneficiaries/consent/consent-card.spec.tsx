/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { toIsoDate, type Beneficiary, type ConsentPurpose, type ConsentRecord, type Role } from '@kcf/contracts';
import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { beneficiary, currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { BeneficiaryDetail } from '../detail/beneficiary-detail-page';

const ID = 'KCF-000123';
const child = beneficiary({
  id: ID,
  photoUrl: `/api/beneficiaries/${ID}/photo`,
  updatedAt: '2026-01-05T08:00:00.000Z',
});

/** Today plus `days`, as the API writes dates. */
const dayIn = (days: number) => toIsoDate(new Date(Date.now() + days * 86_400_000));

function consent(purpose: ConsentPurpose, fields: Partial<ConsentRecord> = {}): ConsentRecord {
  return {
    purpose,
    state: 'granted',
    givenBy: 'Mary Wekesa',
    relationship: 'Mother',
    method: 'signed_form',
    witness: null,
    date: '2026-01-05',
    expiresOn: null,
    recordedBy: 'Grace Wanjiru',
    evidenceDocumentId: null,
    recordedAt: '2026-01-05T08:00:00.000Z',
    ...fields,
  };
}
const notRecorded = (purpose: ConsentPurpose) =>
  consent(purpose, {
    state: 'not_recorded',
    givenBy: null,
    relationship: null,
    method: null,
    date: null,
    recordedBy: null,
    recordedAt: null,
  });

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[] = [];
let consents: ConsentRecord[] = [];
let current: Beneficiary = child;
/** What PUT /consents/{purpose} answers: null = 200 and the stored change. */
let putAnswer: { status: number; body: unknown } | null = null;
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** The API as far as the profile reads it: the child, its consents (PUT changes them), no history, every other part empty. */
function serve() {
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    const put = new RegExp(`^/api/beneficiaries/${ID}/consents/(\\w+)$`).exec(url);
    if (method === 'PUT' && put) {
      if (putAnswer) return jsonAnswer(putAnswer.status, putAnswer.body);
      const body = JSON.parse(String(init?.body)) as Partial<ConsentRecord>;
      const changed = consent(put[1] as ConsentPurpose, { ...body, recordedBy: 'Grace Wanjiru' });
      consents = consents.map((c) => (c.purpose === changed.purpose ? changed : c));
      // The server stops showing the photo once photo consent is withdrawn.
      if (changed.purpose === 'photos_internal' && changed.state === 'withdrawn')
        current = { ...current, photoUrl: null };
      return jsonAnswer(200, changed);
    }
    if (url === `/api/beneficiaries/${ID}/consents`) return jsonAnswer(200, consents);
    if (url === `/api/beneficiaries/${ID}`) return jsonAnswer(200, current);
    if (url.startsWith('/api/audit')) return jsonAnswer(200, { items: [], nextCursor: null });
    return jsonAnswer(200, []);
  }) as typeof fetch;
}

function renderProfile(role: Role) {
  serve();
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ role, beneficiaryId: role === 'beneficiary' ? ID : null }));
  renderWithProviders(
    <Routes>
      <Route path="/beneficiaries/:id" element={<BeneficiaryDetail />} />
    </Routes>,
    { client, route: `/beneficiaries/${ID}` },
  );
}

const card = async () => within(await screen.findByRole('list', { name: 'Consent' }));
const row = async (label: string) => within((await card()).getByText(label).closest('li') as HTMLElement);
const actionNames = async () => (await card()).queryAllByRole('button').map((b) => b.getAttribute('aria-label'));

beforeEach(() => {
  calls = [];
  putAnswer = null;
  current = child;
  consents = [
    consent('registration', { expiresOn: dayIn(12) }),
    consent('medical', { state: 'withdrawn', method: 'verbal', witness: 'John Barasa', date: '2026-02-01' }),
    notRecorded('photos_internal'),
    // Expired yesterday: the server reads it as not recorded and keeps the fields.
    consent('photos_donor', { state: 'not_recorded', date: '2025-01-05', expiresOn: dayIn(-1) }),
  ];
});

describe('the Consent card', () => {
  it('shows each purpose: its state, who and when, and the expiry when it is near', async () => {
    renderProfile('admin');
    const registration = await row('Registration');
    expect(registration.getByText('Granted')).toBeTruthy();
    expect(registration.getByText('Expires in 12 days')).toBeTruthy();
    expect(
      registration.getByText(
        /^Given by Mary Wekesa \(Mother\) · 5 Jan 2026 · Signed form · Expires .* · Recorded by Grace Wanjiru$/,
      ),
    ).toBeTruthy();
    const medical = await row('Medical');
    expect(medical.getByText('Withdrawn')).toBeTruthy();
    expect(
      medical.getByText(
        'Withdrawn by Mary Wekesa (Mother) · 1 Feb 2026 · Verbal, witnessed by John Barasa · Recorded by Grace Wanjiru',
      ),
    ).toBeTruthy();
    const photos = await row('Photos (internal)');
    expect(photos.getByText('Not recorded')).toBeTruthy();
    expect(photos.getByText('No consent recorded.')).toBeTruthy();
    const donor = await row('Photos in donor reports');
    expect(donor.getByText('Not recorded')).toBeTruthy();
    expect(donor.getByText(/^Expired on /)).toBeTruthy();
    // No photo while photo consent is not recorded, and a word on why.
    expect(
      screen.getByText('Photo consent has not been recorded for this child: no photo is shown or added until it is.'),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'No photo' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Amani Wekesa' })).toBeNull();
  });

  it('shows the photo while photo consent is granted', async () => {
    consents[2] = consent('photos_internal');
    renderProfile('viewer');
    expect(await screen.findByRole('img', { name: 'Amani Wekesa' })).toBeTruthy();
    expect(screen.queryByText(/Photo consent has not been recorded/)).toBeNull();
  });

  it('offers admins Renew for a grant, Record otherwise, and Withdraw only for what was recorded and is not withdrawn', async () => {
    renderProfile('admin');
    await card();
    // Photos (internal) was never recorded: nothing to withdraw. Photos in donor reports was (its grant expired).
    expect(await actionNames()).toEqual([
      'Renew Registration consent',
      'Withdraw Registration consent',
      'Record Medical consent',
      'Record Photos (internal) consent',
      'Record Photos in donor reports consent',
      'Withdraw Photos in donor reports consent',
    ]);
  });

  it("lets the guardian's account (beneficiary role) only withdraw what was recorded", async () => {
    renderProfile('beneficiary');
    await card();
    expect(await actionNames()).toEqual(['Withdraw Registration consent', 'Withdraw Photos in donor reports consent']);
  });

  it('is read-only for a viewer', async () => {
    renderProfile('viewer');
    expect((await row('Registration')).getByText('Granted')).toBeTruthy();
    expect(await actionNames()).toEqual([]);
  });

  it('withdraws photo consent with the PUT body, saying photos in donor reports go too, then shows the placeholder instead of the photo', async () => {
    consents[2] = consent('photos_internal');
    consents[3] = consent('photos_donor');
    renderProfile('superadmin');
    expect(await screen.findByRole('img', { name: 'Amani Wekesa' })).toBeTruthy();
    fireEvent.click(
      (await row('Photos (internal)')).getByRole('button', { name: 'Withdraw Photos (internal) consent' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw Photos (internal) Consent' }));
    expect(
      dialog.getByText('Photos in donor reports will be withdrawn too: a photo in a donor report needs this consent.'),
    ).toBeTruthy();
    expect((dialog.getByLabelText(/^Withdrawn By/) as HTMLInputElement).value).toBe('Mary Wekesa');
    expect(dialog.queryByLabelText(/^Expires On/)).toBeNull();
    fireEvent.change(dialog.getByLabelText(/^Relationship to Child/), { target: { value: 'Mother' } });
    fireEvent.change(dialog.getByLabelText(/^Method/), { target: { value: 'signed_form' } });
    fireEvent.change(dialog.getByLabelText(/^Date Withdrawn/), { target: { value: '2026-03-01' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw Consent' }));

    expect(await screen.findByText('Consent withdrawn successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: `/api/beneficiaries/${ID}/consents/photos_internal`,
      body: {
        state: 'withdrawn',
        givenBy: 'Mary Wekesa',
        relationship: 'Mother',
        method: 'signed_form',
        date: '2026-03-01',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Photo consent has been withdrawn for this child.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'No photo' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Amani Wekesa' })).toBeNull();
    expect((await row('Photos (internal)')).getByText('Withdrawn')).toBeTruthy();
    // The child and its consents were read again.
    expect(calls.filter((c) => c.method === 'GET' && c.url === `/api/beneficiaries/${ID}`).length).toBeGreaterThan(0);
  });

  it("keeps the dialog open with the server's message when it refuses the change (409)", async () => {
    putAnswer = {
      status: 409,
      body: { message: 'Registration consent has been withdrawn for this child: its records can no longer be changed' },
    };
    renderProfile('admin');
    fireEvent.click((await row('Medical')).getByRole('button', { name: 'Record Medical consent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record Medical Consent' }));
    fireEvent.change(dialog.getByLabelText(/^Relationship to Child/), { target: { value: 'Mother' } });
    fireEvent.change(dialog.getByLabelText(/^Method/), { target: { value: 'signed_form' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record Consent' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Registration consent has been withdrawn for this child: its records can no longer be changed',
    );
    expect(screen.getByText('Failed to record consent')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Record Medical Consent' })).toBeTruthy();
  });

  it('names who gave or withdrew it as the dialog labels the field', async () => {
    renderProfile('admin');
    fireEvent.click((await row('Medical')).getByRole('button', { name: 'Record Medical consent' }));
    const record = within(await screen.findByRole('dialog', { name: 'Record Medical Consent' }));
    fireEvent.change(record.getByLabelText(/^Given By/), { target: { value: '' } });
    fireEvent.click(record.getByRole('button', { name: 'Record Consent' }));
    expect(await record.findByText('Given by is required')).toBeTruthy();
    expect(record.queryByText('Guardian name is required')).toBeNull();
    fireEvent.click(record.getByRole('button', { name: 'Cancel' }));

    fireEvent.click((await row('Registration')).getByRole('button', { name: 'Withdraw Registration consent' }));
    const withdraw = within(await screen.findByRole('dialog', { name: 'Withdraw Registration Consent' }));
    expect(withdraw.queryByText(/will be withdrawn too/)).toBeNull();
    fireEvent.change(withdraw.getByLabelText(/^Withdrawn By/), { target: { value: ' ' } });
    fireEvent.click(withdraw.getByRole('button', { name: 'Withdraw Consent' }));
    expect(await withdraw.findByText('Withdrawn by is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('checks the form with the contract before sending: a verbal consent needs a witness', async () => {
    renderProfile('admin');
    fireEvent.click((await row('Registration')).getByRole('button', { name: 'Renew Registration consent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renew Registration Consent' }));
    // A renewal starts from the current grant.
    expect((dialog.getByLabelText(/^Relationship to Child/) as HTMLInputElement).value).toBe('Mother');
    fireEvent.change(dialog.getByLabelText(/^Method/), { target: { value: 'verbal' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Renew Consent' }));
    expect(await dialog.findByText('Witness is required for verbal consent')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('a profile whose registration consent is withdrawn', () => {
  it('says the child can only be exported or erased, and hides the edit actions', async () => {
    consents[0] = consent('registration', { state: 'withdrawn' });
    renderProfile('admin');
    expect(
      await screen.findByText(
        'Registration consent has been withdrawn for this child: the record can only be exported or erased.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Special Need' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Household Member' })).toBeNull();
    // Consent itself stays recordable.
    expect((await row('Registration')).getByRole('button', { name: 'Record Registration consent' })).toBeTruthy();
  });

  it('keeps the edit actions while registration consent is granted', async () => {
    renderProfile('admin');
    await card();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Special Need' })).toBeTruthy();
  });
});
