import { FORM_ALLOWANCE_BYTES, isUnsafePath, largestBodyFor, routeFor } from './route-table';

describe('routeFor', () => {
  it('sends each owned prefix, and what is below it, to its service', () => {
    expect(routeFor('/api/users')).toMatchObject({ kind: 'upstream', upstream: 'identity' });
    expect(routeFor('/api/login/local')).toMatchObject({ upstream: 'identity', forwardsSession: false });
    expect(routeFor('/api/logout/local')).toMatchObject({
      upstream: 'identity',
      forwardsSession: true,
      endsSession: true,
    });
    expect(routeFor('/api/auth/change-password')).toMatchObject({ upstream: 'identity', endsSession: true });
    expect(routeFor('/api/auth/user')).toMatchObject({ upstream: 'identity', endsSession: false });
    expect(routeFor('/download/x.pdf')).toMatchObject({ upstream: 'beneficiaries' });
    expect(routeFor('/api/data-requests')).toMatchObject({ kind: 'upstream', upstream: 'beneficiaries' });
    expect(routeFor('/api/data-requests/6f0c2a4e-0000-4000-8000-000000000001')).toMatchObject({
      upstream: 'beneficiaries',
    });
    expect(routeFor('/api/budgets/recalculate')).toMatchObject({ upstream: 'finance' });
    expect(routeFor('/api/reports/monthly')).toMatchObject({ kind: 'upstream', upstream: 'finance', pool: 'finance' });
  });

  it('sends sign-in, sign-out and /api/auth through identity’s own sign-in pool, the rest of identity through its pool', () => {
    for (const path of [
      '/api/login',
      '/api/login/local',
      '/api/logout/local',
      '/api/auth/user',
      '/api/auth/change-password',
    ]) {
      expect([path, routeFor(path)]).toMatchObject([path, { upstream: 'identity', pool: 'signIn' }]);
    }
    for (const path of ['/api/users', '/api/users/7', '/api/admin/reset-password/7', '/api/authx']) {
      expect([path, routeFor(path)]).not.toMatchObject([path, { pool: 'signIn' }]);
    }
    expect(routeFor('/api/users/7')).toMatchObject({ pool: 'identity' });
    expect(routeFor('/uploads/a.jpg')).toMatchObject({ pool: 'beneficiaries' });
  });

  it('matches whole path segments only', () => {
    expect(routeFor('/api/usersx')).toEqual({ kind: 'notFound' });
    expect(routeFor('/api/loginx')).toEqual({ kind: 'notFound' });
    expect(routeFor('/uploadsx')).toEqual({ kind: 'gateway' });
  });

  it('keeps the dashboard, health and pages for the gateway and refuses the rest of /api and /internal', () => {
    expect(routeFor('/api/dashboard')).toEqual({ kind: 'gateway' });
    expect(routeFor('/api/dashboard/stats')).toEqual({ kind: 'gateway' });
    expect(routeFor('/health/ready')).toEqual({ kind: 'gateway' });
    expect(routeFor('/beneficiaries/KCF-000001')).toEqual({ kind: 'gateway' });
    expect(routeFor('/api/dashboard/other')).toEqual({ kind: 'notFound' });
    expect(routeFor('/api/dashboardx')).toEqual({ kind: 'notFound' });
    expect(routeFor('/internal/stats')).toEqual({ kind: 'notFound' });
    expect(routeFor('/internal')).toEqual({ kind: 'notFound' });
  });
});

describe('isUnsafePath', () => {
  it.each(['/api/users/../internal', '/api/users/%2E%2e/x', '/a/./b', '/a\\b', '/a%2fb', '/a%5Cb', '/a%00'])(
    'refuses %s',
    (p) => {
      expect(isUnsafePath(p)).toBe(true);
    },
  );
  it.each(['/api/users/7', '/uploads/photo.v2.jpg', '/download/a..b.pdf', '/api/gifts?q=..'])('accepts %s', (p) => {
    expect(isUnsafePath(p)).toBe(false);
  });
});

describe('largestBodyFor', () => {
  const MB = 1024 * 1024;
  it.each([
    ['/api/beneficiaries', 5 * MB],
    ['/api/beneficiaries/KCF-000001', 5 * MB],
    ['/api/beneficiaries/KCF-000001/photo', 1 * MB],
    ['/api/beneficiaries/KCF-000001/documents', 10 * MB],
    ['/api/gifts', 5 * MB],
    ['/api/gifts/7', 5 * MB],
    ['/api/expenses', 10 * MB],
    ['/api/expenses/7', 10 * MB],
    ['/api/income', 0],
    ['/api/income/7', 0],
  ])('gives %s its file limit plus the form allowance', (path, file) => {
    expect(largestBodyFor(path)).toBe(file + FORM_ALLOWANCE_BYTES);
  });
  it.each(['/api/users', '/api/beneficiaries/KCF-000001/consents/photos', '/api/budgets', '/api/expenses/7/receipt/x'])(
    'has no form limit for %s',
    (path) => {
      expect(largestBodyFor(path)).toBeNull();
    },
  );
});
