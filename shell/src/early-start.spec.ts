/** @jest-environment jsdom */
import { pageManifestTag } from '@kcf/contracts';
import { forgetEarlyRequests } from '@kcf/web-kit';
import { calendarDateAt } from '@kcf/contracts/calendar';
import { foundationDate, startPageLoad } from './early-start';

const MANIFEST = {
  mf_finance: {
    entry: '/remotes/finance/remoteEntry.js?v=0123456789abcdef',
    version: '0.1.0',
    exposes: {
      './FinancesPage': [
        '/remotes/finance/128.b67570e1.js',
        '/remotes/finance/922.468d5b47.js',
        '/remotes/finance/922.920d38ac.css',
      ],
      './BudgetPage': ['/remotes/finance/14.228cf104.js', '/zod.25c75e22.js'],
    },
  },
  mf_admin: { entry: '/remotes/admin/remoteEntry.js' },
};
/** What /budget read the last time it was opened in this tab (web-kit's early-requests.ts). */
const LAST_VISIT = {
  '/budget': { reads: ['/api/budgets?year=2025'], scripts: ['/remotes/finance/remoteEntry.js?v=fedcba9876543210'] },
};
// 14 February 2026, 10:00 in Nairobi.
const AT = new Date('2026-02-14T07:00:00Z');

let asked: string[];
const realFetch = globalThis.fetch;
beforeEach(() => {
  forgetEarlyRequests();
  document.head.innerHTML = '';
  asked = [];
  globalThis.fetch = jest.fn((input: string | URL | Request) => {
    asked.push(String(input));
    return new Promise<Response>(() => undefined);
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
  forgetEarlyRequests();
});

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map(
    (l) => `${l.getAttribute('as')} ${l.getAttribute('href')}`,
  );

describe('a page load', () => {
  it("with the manifest in the page: asks for the section's code and the page's reads at once, never /remotes.json", () => {
    document.head.innerHTML = pageManifestTag(JSON.stringify(MANIFEST));
    startPageLoad({ pathname: '/finances', search: '' }, document, AT);
    expect(asked).toEqual([
      '/api/auth/user',
      '/api/dashboard/stats',
      '/api/transactions?from=2026-02-01&to=2026-02-28&sort=date&dir=desc&limit=25&offset=0',
    ]);
    expect(preloads()).toEqual([
      'script /remotes/finance/remoteEntry.js?v=0123456789abcdef',
      'script /remotes/finance/128.b67570e1.js',
      'script /remotes/finance/922.468d5b47.js',
      'style /remotes/finance/922.920d38ac.css',
    ]);
  });

  it("turns a page's query keys into their addresses (a child's profile)", () => {
    document.head.innerHTML = pageManifestTag(JSON.stringify(MANIFEST));
    startPageLoad({ pathname: '/beneficiaries/KCF-000012', search: '' }, document, AT);
    expect(asked).toEqual([
      '/api/auth/user',
      '/api/beneficiaries/KCF-000012',
      ...['consents', 'household-members', 'special-needs', 'school-performance', 'school-fees', 'documents'].map(
        (part) => `/api/beneficiaries/KCF-000012/${part}`,
      ),
    ]);
    // The page's remote is not listed: no code is asked for (its section shows Retry).
    expect(preloads()).toEqual([]);
  });

  it('sends the reads of an address with a query itself (its filters change them), but still its code', () => {
    document.head.innerHTML = pageManifestTag(JSON.stringify(MANIFEST));
    startPageLoad({ pathname: '/budget', search: '?year=2024' }, document, AT);
    expect(asked).toEqual(['/api/auth/user']);
    expect(preloads()).toEqual([
      'script /remotes/finance/remoteEntry.js?v=0123456789abcdef',
      'script /remotes/finance/14.228cf104.js',
      'script /zod.25c75e22.js',
    ]);
  });

  it("without the manifest in the page (the service worker's copy): the reads, and /remotes.json and the entry remembered for a page opened before", () => {
    startPageLoad({ pathname: '/budget', search: '' }, document, AT);
    expect(asked).toEqual(['/api/auth/user', '/api/budgets?year=2026']);
    expect(preloads()).toEqual([]);

    forgetEarlyRequests();
    asked = [];
    sessionStorage.setItem('kcf.early-requests', JSON.stringify(LAST_VISIT));
    startPageLoad({ pathname: '/budget', search: '' }, document, AT);
    expect(asked).toEqual(['/api/auth/user', '/api/budgets?year=2026', '/remotes.json', '/api/budgets?year=2025']);
    expect(preloads()).toEqual(['script /remotes/finance/remoteEntry.js?v=fedcba9876543210']);
  });

  it('with the manifest in the page, a page opened before asks for its remembered reads but its code as the page lists it', () => {
    document.head.innerHTML = pageManifestTag(JSON.stringify(MANIFEST));
    sessionStorage.setItem('kcf.early-requests', JSON.stringify(LAST_VISIT));
    startPageLoad({ pathname: '/budget', search: '' }, document, AT);
    expect(asked).toEqual(['/api/auth/user', '/api/budgets?year=2026', '/api/budgets?year=2025']);
    expect(preloads()).toEqual([
      'script /remotes/finance/remoteEntry.js?v=0123456789abcdef',
      'script /remotes/finance/14.228cf104.js',
      'script /zod.25c75e22.js',
    ]);
  });

  it("sends everything once per page load, whichever of the page's scripts runs first", () => {
    document.head.innerHTML = pageManifestTag(JSON.stringify(MANIFEST));
    startPageLoad({ pathname: '/finances', search: '' }, document, AT);
    startPageLoad({ pathname: '/finances', search: '' }, document, AT);
    expect(asked).toHaveLength(3);
    expect(preloads()).toHaveLength(4);
  });

  it('asks only for the sign-in state on a page that is no section', () => {
    document.head.innerHTML = pageManifestTag(JSON.stringify(MANIFEST));
    startPageLoad({ pathname: '/', search: '' }, document, AT);
    expect(asked).toEqual(['/api/auth/user']);
    expect(preloads()).toEqual([]);
  });
});

describe("the first script's calendar", () => {
  it("is the foundation's: every hour of a year falls on the day contracts' calendarDateAt says", () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 2); t += 3_600_000) {
      const at = new Date(t);
      expect([at.toISOString(), foundationDate(at)]).toEqual([at.toISOString(), calendarDateAt(at)]);
    }
  });
});
