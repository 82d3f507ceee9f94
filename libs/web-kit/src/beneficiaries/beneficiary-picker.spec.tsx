/** @jest-environment jsdom */
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BeneficiarySummary } from '@kcf/contracts';
import { Field } from '@kcf/ui';
import { jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { BeneficiaryPicker } from './beneficiary-picker';

const UPDATED = '2026-03-02T08:00:00.000Z';
const neema = {
  id: 'KCF-000007',
  fullName: 'Neema Atieno',
  photoUrl: '/api/beneficiaries/KCF-000007/photo',
  photoThumbnailUrl: '/api/beneficiaries/KCF-000007/photo/thumbnail',
  updatedAt: UPDATED,
};
const neemaWekesa = {
  id: 'KCF-000012',
  fullName: 'Neema Wekesa',
  photoUrl: null,
  photoThumbnailUrl: null,
  updatedAt: UPDATED,
};

// jsdom has no fetch: answer the search like the gateway would, remembering what was asked.
let asked: string[] = [];
const realFetch = globalThis.fetch;
beforeEach(() => {
  asked = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    asked.push(String(url));
    const search = new URL(String(url), 'http://x').searchParams.get('search') ?? '';
    return jsonAnswer(
      200,
      [neema, neemaWekesa].filter((b) => `${b.fullName} ${b.id}`.toLowerCase().includes(search.toLowerCase())),
    );
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

function Picker({
  initial = null,
  onChange,
}: {
  initial?: BeneficiarySummary | null;
  onChange: (value: BeneficiarySummary | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Field label="Beneficiary">
      {(control) => (
        <BeneficiaryPicker
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
          inputId={control.id}
        />
      )}
    </Field>
  );
}

it('finds children by name on the server, picks one and clears it', async () => {
  const onChange = jest.fn();
  renderWithProviders(<Picker onChange={onChange} />);
  const box = screen.getByLabelText('Beneficiary');
  expect(box.getAttribute('placeholder')).toBe('Search by name or ID...');
  fireEvent.change(box, { target: { value: ' neema ' } });

  const results = await screen.findByRole('list', { name: 'Matching beneficiaries' });
  expect(asked).toEqual(['/api/beneficiaries?search=neema&limit=8&sort=fullName&dir=asc']);
  // Each result: the thumbnail (or initials), then name and Beneficiary ID.
  expect(
    within(results)
      .getAllByRole('button')
      .map((b) => b.lastElementChild?.textContent),
  ).toEqual(['Neema Atieno KCF-000007', 'Neema Wekesa KCF-000012']);
  expect(within(results).getByRole('img', { name: 'Neema Atieno' }).getAttribute('src')).toBe(
    `/api/beneficiaries/KCF-000007/photo/thumbnail?t=${Date.parse(UPDATED)}`,
  );

  fireEvent.click(within(results).getByRole('button', { name: /Neema Atieno KCF-000007/ }));
  expect(onChange).toHaveBeenLastCalledWith({
    id: 'KCF-000007',
    fullName: 'Neema Atieno',
    photoUrl: `/api/beneficiaries/KCF-000007/photo/thumbnail?t=${Date.parse(UPDATED)}`,
  });
  expect(screen.queryByLabelText('Beneficiary')).toBeNull();
  expect(screen.getByText('Neema Atieno').tagName).toBe('STRONG');
  expect(screen.getByText('KCF-000007')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Change' }));
  expect(onChange).toHaveBeenLastCalledWith(null);
  expect(screen.getByLabelText('Beneficiary')).toBeTruthy();
  expect(screen.queryByText('KCF-000007', { selector: 'strong' })).toBeNull();
});

it('says when no child matches', async () => {
  const onChange = jest.fn();
  renderWithProviders(<Picker onChange={onChange} />);
  fireEvent.change(screen.getByLabelText('Beneficiary'), { target: { value: 'Baraka' } });
  expect(await screen.findByText('No beneficiaries match “Baraka”.')).toBeTruthy();
  expect(screen.queryByRole('list', { name: 'Matching beneficiaries' })).toBeNull();
});

it('names a child known by its id alone (a saved expense) as a picked one shows: name, id and thumbnail', async () => {
  renderWithProviders(<Picker initial={{ id: 'KCF-000007', fullName: '', photoUrl: null }} onChange={jest.fn()} />);
  expect((await screen.findByText('Neema Atieno')).tagName).toBe('STRONG');
  expect(screen.getByText('KCF-000007')).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Neema Atieno' }).getAttribute('src')).toBe(
    `/api/beneficiaries/KCF-000007/photo/thumbnail?t=${Date.parse(UPDATED)}`,
  );
  expect(asked).toEqual(['/api/beneficiaries?search=KCF-000007&limit=1']);
});

it('shows the id of a child the search does not find', async () => {
  renderWithProviders(<Picker initial={{ id: 'KCF-000123', fullName: '', photoUrl: null }} onChange={jest.fn()} />);
  expect(screen.getByText('KCF-000123').tagName).toBe('STRONG');
  expect(screen.getByRole('img', { name: 'KCF-000123' })).toBeTruthy();
  await waitFor(() => expect(asked).toEqual(['/api/beneficiaries?search=KCF-000123&limit=1']));
  expect(screen.getByText('KCF-000123').tagName).toBe('STRONG');
});
