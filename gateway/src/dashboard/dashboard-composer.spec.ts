import { Logger } from '@nestjs/common';
import { AppError, type UserContext } from '@kcf/server-kit/http';
import { DashboardComposer } from './dashboard-composer';
import type { DashboardSources } from './dashboard-sources';

const viewer: UserContext = {
  userId: 'u1',
  role: 'viewer',
  sessionId: 's1',
  beneficiaryId: null,
  mustChangePassword: false,
};
const beneficiaryStats = { totalBeneficiaries: 3, activeInSchool: 2, specialNeeds: 1 };
const financeStats = { totalDonations: '100.00', totalExpenses: '40.00', netBalance: '60.00' };
const consents = {
  registrationMissing: 2,
  photosMissing: 1,
  expiring: [
    { beneficiaryId: 'KCF-000002', fullName: 'Child 2', purpose: 'medical' as const, expiresOn: '2025-03-20' },
  ],
  expiringTotal: 1,
};
const child = (n: number) => ({
  id: `KCF-00000${n}`,
  fullName: `Child ${n}`,
  photoUrl: null,
  isActive: true,
  createdAt: '2025-03-01T08:00:00.000Z',
});

function sources(overrides: Partial<DashboardSources> = {}): DashboardSources & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    beneficiaryStats: async () => beneficiaryStats,
    financeStats: async () => financeStats,
    termBudgets: async (user, term) => {
      asked.push({ part: 'budgets', user: user.userId, term });
      return [];
    },
    newestBeneficiaries: async (user, limit) => {
      asked.push({ part: 'children', user: user.userId, limit });
      return [1, 2, 3, 4, 5, 6].map(child);
    },
    consentOverview: async () => consents,
    ...overrides,
  };
}

describe('DashboardComposer', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['2025-04-30T20:59:00Z', 2025, 'Term 1'],
    ['2025-04-30T21:00:00Z', 2025, 'Term 2'], // midnight in Nairobi: 1 May
    ['2025-12-31T21:30:00Z', 2026, 'Term 1'],
    ['2025-09-01T12:00:00Z', 2025, 'Term 3'],
  ])(
    'at %s asks for the budgets of %i %s on the foundation’s calendar, with the user’s context',
    async (at, year, quarter) => {
      const s = sources();
      await new DashboardComposer(s, () => new Date(at)).compose(viewer);
      expect(s.asked).toContainEqual({ part: 'budgets', user: 'u1', term: { year, quarter } });
      expect(s.asked).toContainEqual({ part: 'children', user: 'u1', limit: 5 });
    },
  );

  it('answers the stats as GET /api/dashboard/stats does, and at most five children', async () => {
    const composer = new DashboardComposer(sources());
    const answer = await composer.compose(viewer);
    expect(answer.stats).toEqual(await composer.stats());
    expect(answer.stats).toEqual({ ...beneficiaryStats, ...financeStats });
    expect(answer.recentBeneficiaries?.map((c) => c.id)).toEqual([1, 2, 3, 4, 5].map((n) => `KCF-00000${n}`));
    expect(answer.consents).toEqual(consents);
    expect(answer.errors).toEqual({});
  });

  it('keeps the parts it has when others fail, naming each failed part', async () => {
    const down = () => Promise.reject(new AppError('UPSTREAM_UNAVAILABLE', 'The beneficiaries service is unavailable'));
    const composer = new DashboardComposer(sources({ beneficiaryStats: down, newestBeneficiaries: down }));
    await expect(composer.stats()).rejects.toThrow('The beneficiaries service is unavailable');
    expect(await composer.compose(viewer)).toEqual({
      stats: null,
      budgets: [],
      recentBeneficiaries: null,
      consents,
      errors: {
        stats: 'The beneficiaries service is unavailable',
        recentBeneficiaries: 'The beneficiaries service is unavailable',
      },
    });
  });

  it('answers the consent part as null with its message when the overview cannot be read, keeping the others', async () => {
    const down = () => Promise.reject(new AppError('UPSTREAM_UNAVAILABLE', 'The beneficiaries service is unavailable'));
    const answer = await new DashboardComposer(sources({ consentOverview: down })).compose(viewer);
    expect(answer.consents).toBeNull();
    expect(answer.errors).toEqual({ consents: 'The beneficiaries service is unavailable' });
    expect(answer.stats).toEqual({ ...beneficiaryStats, ...financeStats });
  });
});
