import { displayName } from './user-names';

describe('displayName', () => {
  it('is the full name, else the username, else unknown', () => {
    expect(displayName({ firstName: ' Amina ', lastName: 'Wekesa', username: 'amina' })).toBe('Amina Wekesa');
    expect(displayName({ firstName: 'Amina', lastName: '', username: 'amina' })).toBe('Amina');
    expect(displayName({ firstName: '', lastName: '', username: 'amina' })).toBe('amina');
    expect(displayName({})).toBe('Unknown user');
    expect(displayName(undefined)).toBe('Unknown user');
  });
});
