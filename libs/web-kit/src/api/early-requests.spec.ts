/** @jest-environment jsdom */
import {
  CURRENT_USER_URL,
  KEEP_MS,
  RECORD_MS,
  forgetEarlyRequests,
  noteRead,
  noteScript,
  readResponse,
  recordAddress,
  recordFor,
  REMOTE_MANIFEST_URL,
  startEarlyRequests,
  takeEarly,
} from './early-requests';

/** The network: each fetch answers with its URL and a count, so a test sees which answer it got. */
let sent: string[];
const answer = async (url: string) => {
  sent.push(url);
  const body = { url, n: sent.length };
  return { body: null, json: async () => body } as unknown as Response;
};
const fetchStub = jest.fn(answer);

beforeEach(() => {
  jest.useFakeTimers();
  sent = [];
  fetchStub.mockReset();
  fetchStub.mockImplementation(answer);
  globalThis.fetch = fetchStub as unknown as typeof fetch;
  forgetEarlyRequests();
  sessionStorage.clear();
  document.head.innerHTML = '';
});
afterEach(() => {
  forgetEarlyRequests();
  jest.useRealTimers();
});

/** Opens `path` the way a page does: records what it reads until RECORD_MS has passed. */
function visit(path: string, reads: string[], scripts: string[] = []) {
  recordAddress(path);
  for (const url of reads) noteRead(url);
  for (const src of scripts) noteScript(src);
  jest.advanceTimersByTime(RECORD_MS);
}

it('sends again, at start, what an address read the last time it was opened, after the sign-in state and the remotes manifest', async () => {
  visit('/gifts', ['/api/gifts?limit=20&sort=date', '/api/gifts/totals']);
  startEarlyRequests('/gifts', [CURRENT_USER_URL]);
  // The manifest goes before the reads: the section's code waits for it, and on HTTP/1.1 only six requests go at once.
  expect(sent).toEqual([CURRENT_USER_URL, REMOTE_MANIFEST_URL, '/api/gifts?limit=20&sort=date', '/api/gifts/totals']);

  // The page's own read takes the early answer: no second request.
  const res = await readResponse('/api/gifts?limit=20&sort=date');
  expect(await res.json()).toEqual({ url: '/api/gifts?limit=20&sort=date', n: 3 });
  expect(sent).toHaveLength(4);
});

it('gives an early answer once: the next read of the same address goes to the network', async () => {
  visit('/budget', ['/api/budgets?year=2026']);
  startEarlyRequests('/budget');
  expect(await (await readResponse('/api/budgets?year=2026')).json()).toEqual({ url: '/api/budgets?year=2026', n: 2 });
  const again = await readResponse('/api/budgets?year=2026');
  expect(await again.json()).toEqual({ url: '/api/budgets?year=2026', n: 3 });
});

it('sends nothing early for an address never opened, and only the sign-in state for one that read nothing', () => {
  startEarlyRequests('/users', [CURRENT_USER_URL]);
  expect(sent).toEqual([CURRENT_USER_URL]);
  expect(recordFor('/users')).toBeNull();
});

it('never remembers a read with search text, nor another origin', () => {
  visit('/beneficiaries', [
    '/api/beneficiaries?search=Achieng&limit=20',
    '/api/beneficiaries?q=Achieng',
    'https://elsewhere.example/x',
    '//elsewhere.example/x',
    '/api/beneficiaries?limit=20',
  ]);
  expect(recordFor('/beneficiaries')).toEqual({ reads: ['/api/beneficiaries?limit=20'], scripts: [] });
  expect(sessionStorage.getItem('kcf.early-requests')).not.toContain('Achieng');
});

it("stops remembering at the first click or key: what follows is the person's doing", () => {
  recordAddress('/finances');
  noteRead('/api/transactions?from=2026-11-01');
  document.dispatchEvent(new Event('pointerdown'));
  noteRead('/api/transactions?from=2026-10-01');
  expect(recordFor('/finances')).toEqual({ reads: ['/api/transactions?from=2026-11-01'], scripts: [] });
});

it('opening the same address again goes on recording it; another address starts its own record', () => {
  recordAddress('/gifts');
  noteRead('/api/gifts?limit=20');
  recordAddress('/gifts');
  noteRead('/api/gifts/totals');
  recordAddress('/budget');
  noteRead('/api/budgets?year=2026');
  jest.advanceTimersByTime(RECORD_MS);
  expect(recordFor('/gifts')?.reads).toEqual(['/api/gifts?limit=20', '/api/gifts/totals']);
  expect(recordFor('/budget')?.reads).toEqual(['/api/budgets?year=2026']);
});

it("asks for the scripts the address needed (a remote's entry) as preloads", () => {
  visit('/finances', [], ['/remotes/finance/remoteEntry.js']);
  startEarlyRequests('/finances');
  const link = document.head.querySelector('link[rel="preload"]') as HTMLLinkElement;
  expect({ as: link.getAttribute('as'), href: link.getAttribute('href') }).toEqual({
    as: 'script',
    href: '/remotes/finance/remoteEntry.js',
  });
});

it('drops an early answer nobody took within KEEP_MS', async () => {
  visit('/users', ['/api/users']);
  startEarlyRequests('/users');
  await Promise.resolve();
  jest.advanceTimersByTime(KEEP_MS);
  expect(takeEarly('/api/users')).toBeUndefined();
});

it('reads from the network when the early answer was lost', async () => {
  visit('/users', ['/api/users']);
  let lost = false;
  fetchStub.mockImplementation(async (url: string) => {
    if (url === '/api/users' && !lost) {
      lost = true;
      throw new TypeError('Failed to fetch');
    }
    return answer(url);
  });
  startEarlyRequests('/users');
  const res = await readResponse('/api/users');
  expect(await res.json()).toEqual({ url: '/api/users', n: 2 });
  expect(sent).toEqual([REMOTE_MANIFEST_URL, '/api/users']);
});

it('forgets every address and unsent answer at sign-out', () => {
  visit('/gifts', ['/api/gifts?limit=20']);
  startEarlyRequests('/gifts');
  forgetEarlyRequests();
  expect(takeEarly('/api/gifts?limit=20')).toBeUndefined();
  expect(recordFor('/gifts')).toBeNull();
  expect(sessionStorage.getItem('kcf.early-requests')).toBeNull();
});

it('keeps the last 20 addresses', () => {
  for (let i = 1; i <= 22; i++) visit(`/beneficiaries/KCF-${i}`, [`/api/beneficiaries/KCF-${i}`]);
  expect(recordFor('/beneficiaries/KCF-1')).toBeNull();
  expect(recordFor('/beneficiaries/KCF-2')).toBeNull();
  expect(recordFor('/beneficiaries/KCF-3')?.reads).toEqual(['/api/beneficiaries/KCF-3']);
  expect(recordFor('/beneficiaries/KCF-22')?.reads).toEqual(['/api/beneficiaries/KCF-22']);
});

it('keeps each read as soon as it is noted: a reload before the recording ends still finds it', () => {
  recordAddress('/finances');
  noteRead('/api/transactions?from=2026-11-01');
  expect(recordFor('/finances')?.reads).toEqual(['/api/transactions?from=2026-11-01']);
  // The next recording of the address replaces the old record with what it reads.
  jest.advanceTimersByTime(RECORD_MS);
  recordAddress('/finances');
  noteRead('/api/transactions?from=2026-12-01');
  expect(recordFor('/finances')?.reads).toEqual(['/api/transactions?from=2026-12-01']);
});

it("sends the early requests once per page load, whichever of the page's scripts asks first", () => {
  visit('/budget', ['/api/budgets?year=2026']);
  startEarlyRequests('/budget', [CURRENT_USER_URL]);
  startEarlyRequests('/budget', [CURRENT_USER_URL]);
  expect(sent).toEqual([CURRENT_USER_URL, REMOTE_MANIFEST_URL, '/api/budgets?year=2026']);
});
