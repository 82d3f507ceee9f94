import { bodyDeadlineMs } from './client-deadlines';

const deadlines = { headersTimeoutMs: 15_000, bodyBaseMs: 10_000, bodyMinRate: 64 * 1024, bodyMaxMs: 180_000 };

describe('bodyDeadlineMs', () => {
  it('gives every body the base time plus its size at the minimum rate', () => {
    expect(bodyDeadlineMs(60, deadlines)).toBe(10_001);
    expect(bodyDeadlineMs(64 * 1024, deadlines)).toBe(11_000);
    // A 5 MB birth certificate: 10 s + 80 s.
    expect(bodyDeadlineMs(5 * 1024 * 1024, deadlines)).toBe(90_000);
  });

  it('never gives more than the cap, which is also what a body without a length gets', () => {
    expect(bodyDeadlineMs(50 * 1024 * 1024, deadlines)).toBe(180_000);
    expect(bodyDeadlineMs(null, deadlines)).toBe(180_000);
  });
});
