import { ApiError } from '@kcf/web-kit';
import { deleteConfirmation, lastActiveLabel, lastActiveOf, mayResetOrDelete } from './user-rules';
import { deleteFailureText } from './user-texts';

describe('mayResetOrDelete', () => {
  const me = { id: 'u1', role: 'superadmin' as const };

  it('lets a superadmin reset and delete other non-superadmin users', () => {
    for (const role of ['admin', 'viewer', 'beneficiary'] as const)
      expect(mayResetOrDelete(me, { id: 'u2', role })).toBe(true);
  });

  it('never on their own row or another superadmin', () => {
    expect(mayResetOrDelete(me, { id: 'u1', role: 'superadmin' })).toBe(false);
    expect(mayResetOrDelete(me, { id: 'u9', role: 'superadmin' })).toBe(false);
  });

  it('never for anyone else', () => {
    for (const role of ['admin', 'viewer', 'beneficiary'] as const) {
      expect(mayResetOrDelete({ id: 'u1', role }, { id: 'u2', role: 'viewer' })).toBe(false);
    }
    expect(mayResetOrDelete(null, { id: 'u2', role: 'viewer' })).toBe(false);
  });
});

it('counts last activity from updatedAt, else createdAt', () => {
  expect(lastActiveOf({ updatedAt: '2026-02-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z' })).toBe(
    '2026-02-01T00:00:00.000Z',
  );
  expect(lastActiveOf({ updatedAt: '', createdAt: '2026-01-01T00:00:00.000Z' })).toBe('2026-01-01T00:00:00.000Z');
});

describe('lastActiveLabel', () => {
  const now = new Date('2026-11-24T12:00:00.000Z');
  const at = (iso: string) => ({ updatedAt: iso, createdAt: '2026-01-01T00:00:00.000Z' });

  it('is relative under a week', () => {
    expect(lastActiveLabel(at('2026-11-24T11:30:00.000Z'), now)).toBe('Just now');
    expect(lastActiveLabel(at('2026-11-24T09:00:00.000Z'), now)).toBe('3 hours ago');
    expect(lastActiveLabel(at('2026-11-18T12:00:01.000Z'), now)).toBe('5 days ago');
  });

  it("is a date in the app's format from a week on", () => {
    expect(lastActiveLabel(at('2026-11-17T12:00:00.000Z'), now)).toBe('17 Nov 2026');
    expect(lastActiveLabel(at('2026-02-03T23:30:00.000Z'), now)).toBe('4 Feb 2026');
  });
});

it('asks before a delete in the product’s words', () => {
  expect(deleteConfirmation('Amina Wekesa')).toBe(
    'Are you sure you want to delete user Amina Wekesa? This action cannot be undone.',
  );
});

describe('deleteFailureText', () => {
  it('explains a user who created records', () => {
    const error = new ApiError(409, '409: {"message":"Cannot delete user who has created records"}', {
      message: 'Cannot delete user who has created records',
    });
    expect(deleteFailureText(error)).toBe(
      'Cannot delete user who has created records. User has existing financial or document records.',
    );
  });

  it("says 'Failed to delete user' otherwise", () => {
    expect(deleteFailureText(new ApiError(403, '403: {"message":"Forbidden"}', { message: 'Forbidden' }))).toBe(
      'Failed to delete user',
    );
    expect(deleteFailureText(new TypeError('Failed to fetch'))).toBe('Failed to delete user');
  });
});
