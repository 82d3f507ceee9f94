/** @jest-environment jsdom */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { render } from '@testing-library/react';
import { createRoutesFromElements, MemoryRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { currentUser } from '@kcf/testing/web';
import { childProfileReads } from '@kcf/web-kit';
import { NAV_LINKS, navLinksFor } from '../layout/navigation';
import { pageReadsAt, sectionAt } from '../remotes/section-preload';
import { SignedInRoutes } from '../routes';
import { addressOf, ALL_PAGES, pageAt, PAGES, readsAt, SECTION_PAGES } from './page-table';

const SRC = join(__dirname, '..');
const TABLE = join(__dirname, 'page-table.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The routes `SignedInRoutes` renders: its element tree, as react-router reads it. */
function signedInRoutes(): RouteObject[] {
  const tree = SignedInRoutes({ user: currentUser({ role: 'superadmin' }) });
  return createRoutesFromElements(tree.props.children);
}

describe('the page table', () => {
  it('is where the routes come from: every page at its path, nothing else but redirects and the 404', () => {
    const [layout] = signedInRoutes();
    const paths = layout.children!.map((route) => (route.index ? '/' : `/${route.path}`));
    expect(paths.filter((path) => !['/dashboard', '/login', '/*'].includes(path)).sort()).toEqual(
      ALL_PAGES.map((page) => page.path).sort(),
    );
  });

  it('renders each section page with its remote and expose', () => {
    const [layout] = signedInRoutes();
    for (const page of SECTION_PAGES) {
      const route = layout.children!.find((r) => `/${r.path}` === page.path);
      expect(route?.element).toMatchObject({ props: { remote: page.remote, expose: page.expose } });
    }
  });

  it('is where the sidebar comes from: the pages with a label, in order, each with its access', () => {
    expect(NAV_LINKS).toEqual(
      ALL_PAGES.filter((p) => p.label).map((p) => ({ to: p.path, label: p.label, access: p.access })),
    );
    expect(navLinksFor('superadmin').map((link) => link.to)).toEqual([
      '/',
      '/beneficiaries',
      '/gifts',
      '/finances',
      '/budget',
      '/users',
      '/audit',
      '/data-requests',
    ]);
  });

  it('is where the preloads come from: the section and the reads at an address', () => {
    for (const page of SECTION_PAGES) expect(sectionAt(addressOf(page, { id: 'KCF-000012' }))).toBe(page);
    expect(sectionAt('/')).toBeNull();
    expect(sectionAt(PAGES.changePassword.path)).toBeNull();
    expect(pageReadsAt('/beneficiaries/KCF-000012')).toEqual(childProfileReads('KCF-000012'));
    // Addresses (a list read a page at a time) are sent by a page load only, never into the query cache.
    expect(pageReadsAt('/finances')).toEqual([]);
    const today = { year: 2026, month: 2, day: 14 };
    expect(readsAt('/finances', '', today)).toEqual([
      '/api/dashboard/stats',
      '/api/transactions?from=2026-02-01&to=2026-02-28&sort=date&dir=desc&limit=25&offset=0',
    ]);
    expect(readsAt('/budget', '', today)).toEqual(['/api/budgets?year=2026']);
    // An address with a query (filters) opens with other reads: none are declared for it.
    expect(readsAt('/beneficiaries', '?consent=photo', today)).toEqual([]);
  });

  it("finds the page at an address as the router does, and writes a page's address", () => {
    expect(pageAt('/beneficiaries/KCF%2D7')).toEqual({ page: PAGES.child, params: { id: 'KCF-7' } });
    expect(pageAt('/Finances/')?.page).toBe(PAGES.finances);
    expect(pageAt('/')?.page).toBe(PAGES.dashboard);
    expect(pageAt('/beneficiaries/')?.page).toBe(PAGES.beneficiaries);
    expect(pageAt('/beneficiaries/KCF-1/more')).toBeNull();
    expect(pageAt('/nowhere')).toBeNull();
    expect(addressOf(PAGES.child, { id: 'KCF 1/2' })).toBe('/beneficiaries/KCF%201%2F2');
  });

  it('renders the page at every address it lists', () => {
    function At({ path }: { path: string }) {
      return useRoutes([{ path, element: <p>found</p> }]);
    }
    for (const page of ALL_PAGES) {
      const address = addressOf(page, { id: 'KCF-000012' });
      const view = render(
        <MemoryRouter initialEntries={[address]}>
          <At path={page.path} />
        </MemoryRouter>,
      );
      expect([address, view.container.textContent]).toEqual([address, 'found']);
      view.unmount();
    }
  });

  it("is the only place in the shell that writes a page's address", () => {
    // '/beneficiaries/:id' is found by its first segment, like every other page; '/' is written everywhere.
    const segments = [...new Set(ALL_PAGES.map((page) => page.path.split('/')[1]).filter(Boolean))];
    const literal = new RegExp(`(['"\`])/(${segments.join('|')})(?=[/?'"\`])|path="(${segments.join('|')})\\b`);
    const found = sourceFiles(SRC)
      .filter((file) => file !== TABLE)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${relative(SRC, file)}:${i + 1}`, line }))
          .filter(({ line }) => literal.test(line)),
      );
    expect(found).toEqual([]);
  });
});
