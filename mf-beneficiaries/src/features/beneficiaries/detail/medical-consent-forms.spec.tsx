/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import type { ConsentRecord, ConsentState, SpecialNeed } from '@kcf/contracts';
import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { consentKey } from '../consent/consent-api';
import { MEDICAL_WITHDRAWN_NOTE } from '../consent/medical-consent';
import { DocumentsCard } from './documents-card';
import { SpecialNeedsCard } from './special-needs-card';

/**
 * While medical consent is withdrawn the server refuses health special needs and medical documents (409):
 * the forms do not offer them, and say why.
 */

const ID = 'KCF-000123';

function medical(state: ConsentState): ConsentRecord {
  const recorded = state !== 'not_recorded';
  return {
    purpose: 'medical',
    state,
    givenBy: recorded ? 'Mary Wekesa' : null,
    relationship: recorded ? 'Mother' : null,
    method: recorded ? 'signed_form' : null,
    witness: null,
    date: recorded ? '2026-01-05' : null,
    expiresOn: null,
    recordedBy: recorded ? 'Grace Wanjiru' : null,
    evidenceDocumentId: null,
    recordedAt: recorded ? '2026-01-05T08:00:00.000Z' : null,
  };
}

function need(id: string, category: SpecialNeed['category']): SpecialNeed {
  return {
    id,
    beneficiaryId: ID,
    category,
    description: `${category} need`,
    status: 'active',
    dateIdentified: '2025-01-01',
    dateResolved: null,
    notes: null,
    createdBy: null,
    createdAt: '2025-01-01T08:00:00.000Z',
    updatedAt: '2025-01-01T08:00:00.000Z',
  } as SpecialNeed;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Serves the child's consents and records as the API would, for an admin. */
function renderCard(card: 'needs' | 'documents', state: ConsentState) {
  const answers: Record<string, unknown> = {
    [`/api/beneficiaries/${ID}/consents`]: [medical(state)],
    [`/api/beneficiaries/${ID}/special-needs`]: [need('n1', 'health'), need('n2', 'food')],
    [`/api/beneficiaries/${ID}/documents`]: [],
  };
  globalThis.fetch = jest.fn(async (input: string | URL | Request) =>
    jsonAnswer(200, answers[String(input)] ?? []),
  ) as typeof fetch;
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ role: 'admin' }));
  // The profile has read the consents already (its Consent card): the forms know the state from the start.
  client.setQueryData(consentKey(ID), [medical(state)]);
  return renderWithProviders(
    card === 'needs' ? <SpecialNeedsCard beneficiaryId={ID} /> : <DocumentsCard beneficiaryId={ID} />,
    { client, route: '/' },
  );
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the special-need dialog', () => {
  it('offers no health category while medical consent is withdrawn, says why, and lets no health entry be edited', async () => {
    renderCard('needs', 'withdrawn');
    await screen.findByText('food need');
    expect(screen.queryByRole('button', { name: 'Edit Health special need' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Food special need' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Special Need' }));
    const dialog = await screen.findByRole('dialog');
    const category = within(dialog).getByLabelText(/Category/);
    expect(optionsOf(category)).not.toContain('Health');
    expect(optionsOf(category)).toContain('Food');
    expect(within(dialog).getByText(MEDICAL_WITHDRAWN_NOTE)).toBeTruthy();
  });

  it.each(['granted', 'not_recorded'] as const)('offers every category while medical consent is %s', async (state) => {
    renderCard('needs', state);
    await screen.findByText('food need');
    expect(screen.getByRole('button', { name: 'Edit Health special need' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Special Need' }));
    const dialog = await screen.findByRole('dialog');
    expect(optionsOf(within(dialog).getByLabelText(/Category/))).toContain('Health');
    expect(within(dialog).queryByText(MEDICAL_WITHDRAWN_NOTE)).toBeNull();
  });
});

describe('the document upload', () => {
  it('offers no medical type while medical consent is withdrawn, and says why', async () => {
    renderCard('documents', 'withdrawn');
    await screen.findByText(MEDICAL_WITHDRAWN_NOTE);
    const type = screen.getByLabelText('Document Type');
    expect(optionsOf(type)).not.toContain('Medical');
    expect(optionsOf(type)).toContain('Academic');
  });

  it.each(['granted', 'not_recorded'] as const)(
    'offers the medical type while medical consent is %s',
    async (state) => {
      renderCard('documents', state);
      await screen.findByText('No documents uploaded yet.');
      expect(optionsOf(screen.getByLabelText('Document Type'))).toContain('Medical');
      expect(screen.queryByText(MEDICAL_WITHDRAWN_NOTE)).toBeNull();
    },
  );
});
