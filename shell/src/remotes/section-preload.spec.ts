/** @jest-environment jsdom */
import { childProfileReads } from '@kcf/web-kit';
import { pageReadsAt, SectionPreloader, sectionAt } from './section-preload';

function preloader(load: (remote: string, expose: string) => Promise<unknown> = async () => ({})) {
  const loads: string[] = [];
  const prefetchEntry = jest.fn(async (_remote: string) => undefined);
  const instance = new SectionPreloader({
    loadPage: (remote, expose) => {
      loads.push(`${remote}/${expose}`);
      return load(remote, expose);
    },
    prefetchEntry,
  });
  return { instance, loads, prefetchEntry };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sectionAt', () => {
  it('finds the remote page of an address', () => {
    expect(sectionAt('/beneficiaries')).toMatchObject({ remote: 'mf_beneficiaries', expose: './BeneficiariesPage' });
    expect(sectionAt('/beneficiaries/KCF-000012')).toMatchObject({ expose: './BeneficiaryDetailPage' });
    expect(sectionAt('/budget')).toMatchObject({ remote: 'mf_finance', expose: './BudgetPage' });
    expect(sectionAt('/')).toBeNull();
    expect(sectionAt('/change-password')).toBeNull();
  });
});

describe('pageReadsAt', () => {
  it("gives a child's profile's reads for its address, and no query keys where a page declares none", () => {
    expect(pageReadsAt('/beneficiaries/KCF-000012')).toEqual(childProfileReads('KCF-000012'));
    expect(pageReadsAt('/beneficiaries')).toEqual([]);
    expect(pageReadsAt('/finances')).toEqual([]);
    expect(pageReadsAt('/')).toEqual([]);
  });
});

describe('SectionPreloader', () => {
  it('loads a section page once, and again after it failed or its remote was forgotten', async () => {
    let fail = true;
    const { instance, loads } = preloader(async () => {
      if (fail) throw new Error('offline');
      return {};
    });
    expect(instance.preload('/users')).toBe(true);
    expect(instance.preload('/users')).toBe(true);
    expect(loads).toEqual(['mf_admin/./UsersPage']);
    await flush();
    fail = false;
    instance.preload('/users');
    expect(loads).toHaveLength(2);
    await flush();
    instance.preload('/users');
    expect(loads).toHaveLength(2);
    instance.forget('mf_admin');
    instance.preload('/users');
    expect(loads).toHaveLength(3);
  });

  it('leaves addresses that are no section alone', () => {
    const { instance, loads } = preloader();
    expect(instance.preload('/')).toBe(false);
    expect(loads).toEqual([]);
  });

  it('warms the entry of each remote behind the links once, and swallows a failure', async () => {
    const { instance, prefetchEntry } = preloader();
    prefetchEntry.mockRejectedValueOnce(new Error('offline'));
    instance.warmEntries(['/', '/beneficiaries', '/gifts', '/finances', '/budget', '/change-password']);
    await flush();
    expect(prefetchEntry.mock.calls).toEqual([['mf_beneficiaries'], ['mf_finance']]);
  });

  it('preloads the section of a link pointed at, touched or focused, on this origin only', () => {
    const { instance, loads } = preloader();
    document.body.innerHTML = `
      <nav><a href="/finances"><span>Finances</span></a><a href="/">Dashboard</a>
      <a href="https://elsewhere.example/users">Elsewhere</a><a href="/gifts">Gifts</a></nav>`;
    const stop = instance.listen(document, window.location.origin);
    const [finances, dashboard, elsewhere, gifts] = [...document.querySelectorAll('a')];
    finances.querySelector('span')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    dashboard.dispatchEvent(new Event('pointerover', { bubbles: true }));
    elsewhere.dispatchEvent(new Event('touchstart', { bubbles: true }));
    gifts.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(loads).toEqual(['mf_finance/./FinancesPage', 'mf_beneficiaries/./GiftsPage']);
    stop();
    instance.forget('mf_finance');
    finances.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loads).toHaveLength(2);
  });
});
