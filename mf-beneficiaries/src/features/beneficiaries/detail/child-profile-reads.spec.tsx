/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Role } from '@kcf/contracts';
import { childProfileReads, createQueryClient, CURRENT_USER_QUERY_KEY, urlFromQueryKey } from '@kcf/web-kit';
import { beneficiary, currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { beneficiaryKeys } from '../api';
import { BeneficiaryDetail } from './beneficiary-detail-page';
import { childExportsKey, DATA_REQUESTS_PATH } from './data-request-api';

/**
 * The shell starts a child's profile's reads with the page's code (web-kit's childProfileReads): they are
 * of use only if they are exactly what the page reads, under the same keys, and nothing it reads is left out.
 */
const ID = 'KCF-000123';
const child = beneficiary({ id: ID });

const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

async function openProfile(role: Role) {
  const asked: string[] = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    if (url === `/api/beneficiaries/${ID}`) return jsonAnswer(200, child);
    if (url.startsWith('/api/audit')) return jsonAnswer(200, { items: [], nextCursor: null });
    return jsonAnswer(200, []);
  }) as typeof fetch;
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ role, beneficiaryId: role === 'beneficiary' ? ID : null }));
  renderWithProviders(
    <Routes>
      <Route path="/beneficiaries/:id" element={<BeneficiaryDetail />} />
    </Routes>,
    { client, route: `/beneficiaries/${ID}` },
  );
  await screen.findByRole('heading', { name: 'Amani Wekesa' });
  await waitFor(() => expect(client.isFetching()).toBe(0));
  const keys = client
    .getQueryCache()
    .getAll()
    // Read (answered or failed): a query that is only declared (not enabled) reads nothing.
    .filter((query) => query.state.dataUpdatedAt > 0 || query.state.errorUpdatedAt > 0)
    .map((query) => JSON.stringify(query.queryKey))
    // The History card and the Data card (the user's own export, for those who may ask for one) read on their own.
    .filter(
      (key) =>
        ![CURRENT_USER_QUERY_KEY, beneficiaryKeys.history(ID), childExportsKey(ID)].some(
          (own) => key === JSON.stringify(own),
        ),
    );
  return { keys, asked: asked.filter((url) => !url.startsWith('/api/audit') && !url.startsWith(DATA_REQUESTS_PATH)) };
}

const declared = childProfileReads(ID);

describe("a child's profile reads what the shell starts for it", () => {
  it.each<Role>(['superadmin', 'admin', 'viewer', 'beneficiary'])(
    'as %s: the same keys and addresses, no more, no fewer',
    async (role) => {
      const { keys, asked } = await openProfile(role);
      expect([...keys].sort()).toEqual(declared.map((key) => JSON.stringify(key)).sort());
      expect([...asked].sort()).toEqual(declared.map((key) => urlFromQueryKey(key)).sort());
    },
  );
});
