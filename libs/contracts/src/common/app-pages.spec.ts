import { isAppPage, isUnder } from './app-pages';

describe('isAppPage', () => {
  it.each(['/', '/beneficiaries', '/beneficiaries/KCF-000001', '/change-password', '/apiary'])('%s is a page', (p) => {
    expect(isAppPage(p)).toBe(true);
  });
  it.each([
    '/main.js',
    '/api/x',
    '/api',
    '/uploads/a',
    '/download/b',
    '/remotes/finance/x',
    '/health/live',
    '/internal/x',
  ])('%s is not', (p) => {
    expect(isAppPage(p)).toBe(false);
  });
});

describe('isUnder', () => {
  it('is the prefix itself or a path below it, not a longer name', () => {
    expect([
      isUnder('/api', '/api'),
      isUnder('/api/users', '/api'),
      isUnder('/apiary', '/api'),
      isUnder('/health/ready', '/api'),
    ]).toEqual([true, true, false, false]);
  });
});
