/** @jest-environment jsdom */
import { forgetReturnPath, rememberPage, RETURN_PATH_KEY, safeReturnPath, returnPathFor } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    '/',
    '/beneficiaries',
    '/beneficiaries/KCF-000123',
    '/gifts',
    '/finances',
    '/budget',
    '/users',
    '/audit',
    '/data-requests',
    '/change-password',
  ])('lets the app page %s through', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/finances'],
    ['a scheme without slashes', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a page', '//evil.example/finances'],
    ['three slashes', '///evil.example'],
    ['a backslash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['a backslash inside', '/beneficiaries\\..\\api'],
    ['an encoded slash', '/%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an API path', '/api/logout'],
    ['the sign-in start', '/api/login'],
    ['an API path under a page', '/beneficiaries/../api/users'],
    ['a file path', '/uploads/report.pdf'],
    ['a download', '/download/birth.pdf'],
    ['a remote file', '/remotes/mf_finance/remoteEntry.js'],
    ['the login page', '/login'],
    ['an unknown page', '/nowhere'],
    ['a dot segment', '/beneficiaries/..'],
    ['a query with a name', '/beneficiaries?search=Amani'],
    ['a hash', '/finances#top'],
    ['a trailing slash', '/finances/'],
    ['a page one level too deep', '/beneficiaries/KCF-000123/documents'],
    ['a relative path', 'finances'],
    ['white space before', ' /finances'],
    ['a newline', '/finances\n'],
    ['a tab inside', '/\t/evil.example'],
    ['an empty text', ''],
    ['a very long id', `/beneficiaries/${'a'.repeat(51)}`],
    ['not a text', { path: '/finances' }],
    ['nothing', null],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('the page to go back to after sign-in', () => {
  beforeEach(() => sessionStorage.clear());

  it('goes back for the same user only', () => {
    rememberPage('u1', '/beneficiaries/KCF-000123');
    expect(returnPathFor('u2')).toBeNull();
    expect(returnPathFor('u1')).toBe('/beneficiaries/KCF-000123');
  });

  it('notes app pages only, keeping the last one', () => {
    rememberPage('u1', '/finances');
    rememberPage('u1', '/api/logout');
    rememberPage('u1', '/login');
    expect(returnPathFor('u1')).toBe('/finances');
  });

  it('refuses a stored value that is not an app page, whoever wrote it', () => {
    sessionStorage.setItem(RETURN_PATH_KEY, JSON.stringify({ userId: 'u1', path: '//evil.example' }));
    expect(returnPathFor('u1')).toBeNull();
    sessionStorage.setItem(RETURN_PATH_KEY, 'not json');
    expect(returnPathFor('u1')).toBeNull();
  });

  it('forgets it on a deliberate sign-out', () => {
    rememberPage('u1', '/budget');
    forgetReturnPath();
    expect(returnPathFor('u1')).toBeNull();
  });
});
