import { ROLES, roleSuffix } from '@kcf/contracts';
import { PAGES } from '../pages/page-table';
import { displayName, mayOpen, navLinksFor, roleLabel } from './navigation';

describe('sidebar', () => {
  it('shows User Management, the Audit Log and Data requests to the superadmin only', () => {
    const labels = (role: Parameters<typeof navLinksFor>[0]) => navLinksFor(role).map((link) => link.label);
    expect(labels('superadmin')).toEqual([
      'Dashboard',
      'Beneficiaries',
      'Gifts',
      'Finances',
      'Budget',
      'User Management',
      'Audit Log',
      'Data requests',
    ]);
    for (const role of ['admin', 'viewer'] as const) {
      expect(labels(role)).toEqual(['Dashboard', 'Beneficiaries', 'Gifts', 'Finances', 'Budget']);
    }
  });

  it("shows a beneficiary user only the pages of its own child's records", () => {
    expect(navLinksFor('beneficiary').map((link) => link.label)).toEqual(['Beneficiaries', 'Gifts']);
    expect(mayOpen('beneficiary', PAGES.finances)).toBe(false);
    expect(mayOpen('beneficiary', PAGES.gifts)).toBe(true);
    expect(mayOpen('viewer', PAGES.budget)).toBe(true);
    expect(mayOpen('admin', PAGES.users)).toBe(false);
    expect(mayOpen('admin', PAGES.audit)).toBe(false);
    expect(mayOpen('superadmin', PAGES.audit)).toBe(true);
    expect(mayOpen('admin', PAGES.dataRequests)).toBe(false);
    expect(mayOpen('beneficiary', PAGES.dataRequests)).toBe(false);
    expect(mayOpen('superadmin', PAGES.dataRequests)).toBe(true);
    expect(mayOpen('beneficiary', PAGES.changePassword)).toBe(true);
  });

  it('labels the role: Super Admin, Admin, Beneficiary, otherwise Viewer', () => {
    expect(roleLabel('superadmin')).toBe('Super Admin');
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('viewer')).toBe('Viewer');
    expect(roleLabel('beneficiary')).toBe('Beneficiary');
    for (const role of ROLES) expect(roleLabel(role)).toBe(roleSuffix(role));
  });

  it('names the user by first name, else username', () => {
    expect(displayName({ firstName: 'Grace', username: 'gwanjiru' })).toBe('Grace');
    expect(displayName({ firstName: '  ', username: 'gwanjiru' })).toBe('gwanjiru');
    expect(displayName({ firstName: null, username: 'gwanjiru' })).toBe('gwanjiru');
  });
});
