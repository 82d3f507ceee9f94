import type { z } from 'zod';
import { BudgetBody, EXPENSE_CATEGORIES, TERMS } from '@kcf/contracts';

/** Records the fuzz writes against (made through the gateway before it starts), by what they are. */
export interface FuzzFixtures {
  childId: string;
  viewerUserId: string;
  householdId: string;
  performanceId: string;
  feeId: string;
  specialNeedId: string;
  giftId: string;
  incomeId: string;
  expenseId: string;
  budgetId: string;
}

/** Stands in for a path parameter that names nothing: a well-formed id of nothing. */
export const DUMMY_ID = '00000000-0000-4000-8000-000000000000';

/** A valid body of a write route (`n` makes what must be unique unique), and, for a body read in the handler, its schema. */
export interface BaseBody {
  body: (n: number, f: FuzzFixtures) => unknown;
  schema?: z.ZodType;
}

const consent = {
  state: 'granted',
  givenBy: 'Fuzz Guardian',
  relationship: 'Mother',
  method: 'signed_form',
  date: '2026-01-05',
};

const child = () => ({
  fullName: 'Fuzz Child',
  dateOfBirth: '2014-03-09',
  homeVillage: 'Shinyalu',
  subCounty: 'Lurambi',
  county: 'kakamega',
  guardianName: 'Fuzz Guardian',
  guardianPhone: '0712345678',
  schoolName: 'Shinyalu Primary',
  gradeLevel: 'grade_4',
  specialNeeds: 'Glasses',
});
const household = { name: 'Fuzz Parent', relationship: 'Mother', age: 40 };
const performance = { subject: 'Mathematics', term: 'Term 1', grade: 'A' };
const fee = { term: 'Term 1', year: 2026, amount: '1500.00' };
const need = {
  category: 'health',
  description: 'Needs glasses',
  status: 'active',
  dateIdentified: '2026-01-05',
  notes: 'Seen at the clinic',
};
const gift = (childId: string) => ({
  beneficiaryId: childId,
  giftType: 'christmas',
  amount: '500.00',
  description: 'Shoes',
  contents: 'One pair',
  dateGiven: '2026-01-05',
});
const auditEntry = {
  actor: { id: DUMMY_ID, username: 'fuzz', name: 'Fuzz Tester', role: 'superadmin' },
  action: 'view',
  entityType: 'fuzz',
  entityId: 'fuzz-1',
  beneficiaryId: null,
  details: { note: 'fuzz' },
  requestId: 'fuzz-request',
  clientIp: '127.0.0.1',
  userAgent: 'fuzz',
};

/** Each budget a term, year and category of its own (unique together), from 2020 on. */
function budgetTerm(n: number) {
  const category = EXPENSE_CATEGORIES[n % EXPENSE_CATEGORIES.length];
  const quarter = TERMS[Math.floor(n / EXPENSE_CATEGORIES.length) % TERMS.length];
  const year =
    2020 + (Math.floor(n / (EXPENSE_CATEGORIES.length * TERMS.length)) % (new Date().getFullYear() - 2020 + 1));
  return { quarter, year, category };
}

/**
 * A valid body of every route that takes one, by "METHOD path": a field set to a fuzz value is then the only
 * thing wrong with the request, so the value reaches as far into the service as a valid one would.
 */
export const BASE_BODIES: Record<string, BaseBody> = {
  'POST /api/login/local': { body: () => ({ username: 'nobody', password: 'Wr0ng!Pass' }) },
  'PUT /api/auth/change-password': { body: () => ({ currentPassword: 'Wr0ng!Pass', newPassword: 'N3w!Passw0rd' }) },
  'POST /api/users': {
    body: (n) => ({
      firstName: 'Fuzz',
      lastName: 'User',
      username: `fz${n.toString(36)}`,
      password: 'Temp!Pass1',
      role: 'viewer',
      email: `fz${n}@example.org`,
    }),
  },
  'PUT /api/users/:id': {
    body: () => ({ firstName: 'Matrix', lastName: 'viewer', role: 'viewer', email: 'viewer@example.org' }),
  },
  'PATCH /api/users/:id/status': { body: () => ({ isActive: true }) },
  'PUT /api/admin/reset-password/:id': { body: () => ({ newPassword: 'N3w!Passw0rd' }) },
  'POST /internal/sessions/resolve': { body: () => ({ sessionId: 'no-such-session' }) },
  'POST /internal/audit/entries': { body: () => auditEntry },
  'POST /api/beneficiaries/import': {
    body: (_n, f) => ({
      beneficiaries: [
        {
          ...child(),
          householdMembers: [household],
          schoolPerformance: [performance],
          schoolFees: [fee],
          specialNeedRecords: [need],
          gifts: [(({ beneficiaryId: _child, ...rest }) => rest)(gift(f.childId))],
        },
      ],
    }),
  },
  'POST /api/beneficiaries': { body: () => ({ ...child(), consents: { registration: consent } }) },
  'PUT /api/beneficiaries/:id': { body: () => child() },
  'PUT /api/beneficiaries/:id/consents/:purpose': { body: () => consent },
  'POST /api/beneficiaries/:id/household-members': { body: () => household },
  'PUT /api/beneficiaries/:id/household-members/:recordId': { body: () => household },
  'POST /api/beneficiaries/:id/school-performance': { body: () => performance },
  'PUT /api/beneficiaries/:id/school-performance/:recordId': { body: () => performance },
  'POST /api/beneficiaries/:id/school-fees': { body: () => fee },
  'PUT /api/beneficiaries/:id/school-fees/:recordId': { body: () => fee },
  'POST /api/beneficiaries/:id/special-needs': { body: () => need },
  'PUT /api/special-needs/:needId': { body: () => need },
  'POST /api/beneficiaries/:id/documents': { body: () => ({ documentType: 'medical', description: 'Clinic letter' }) },
  'POST /api/gifts': { body: (_n, f) => gift(f.childId) },
  'PUT /api/gifts/:id': { body: (_n, f) => gift(f.childId) },
  'POST /api/data-requests/retention-review/:beneficiaryId/keep': { body: () => ({ reason: 'Still supported' }) },
  'POST /api/data-requests': {
    body: (_n, f) => ({ type: 'export', beneficiaryId: f.childId, reason: 'The guardian asked' }),
  },
  'POST /api/income': {
    body: () => ({ amount: '100.00', source: 'Fuzz donor', date: '2026-01-15', remarks: 'Thank you' }),
  },
  'PUT /api/income/:id': {
    body: () => ({ amount: '1000000.00', source: 'Fuzz donor', date: '2026-01-15', remarks: 'Thank you' }),
  },
  'POST /api/expenses': {
    body: (_n, f) => ({
      amount: '1.00',
      category: 'health',
      description: 'Clinic visit',
      date: '2026-01-16',
      beneficiaryId: f.childId,
    }),
  },
  'PUT /api/expenses/:id': {
    body: (_n, f) => ({
      amount: '1.00',
      category: 'health',
      description: 'Clinic visit',
      date: '2026-01-16',
      beneficiaryId: f.childId,
    }),
  },
  'POST /api/budgets': {
    body: (n) => ({ ...budgetTerm(n), plannedAmount: '100.00', notes: 'For the term' }),
    schema: BudgetBody,
  },
  'PUT /api/budgets/:id': { body: () => ({ plannedAmount: '100.00', notes: 'For the term' }), schema: BudgetBody },
};

/** The record a path parameter names, by the segment before it (`/api/gifts/:id` -> the gift). */
const RECORD_BEFORE: Record<string, keyof FuzzFixtures> = {
  users: 'viewerUserId',
  'reset-password': 'viewerUserId',
  beneficiaries: 'childId',
  'household-members': 'householdId',
  'school-performance': 'performanceId',
  'school-fees': 'feeId',
  'special-needs': 'specialNeedId',
  gifts: 'giftId',
  income: 'incomeId',
  expenses: 'expenseId',
  budgets: 'budgetId',
  'retention-review': 'childId',
};

/**
 * The route's path with each parameter set: `fuzzed` (already URL-encoded) in the parameter at `fuzzIndex`,
 * a real record in the others where one is known, else an id of nothing. A DELETE gets ids of nothing only,
 * so the fuzz removes nothing it needs.
 */
export function concretePath(method: string, path: string, f: FuzzFixtures, fuzzIndex = -1, fuzzed = ''): string {
  const segments = path.split('/');
  let index = -1;
  return segments
    .map((segment, i) => {
      if (!segment.startsWith(':') && !segment.startsWith('*')) return segment;
      index += 1;
      if (index === fuzzIndex) return fuzzed;
      if (segment === ':purpose') return 'registration';
      const record = RECORD_BEFORE[segments[i - 1]];
      return method !== 'DELETE' && record ? encodeURIComponent(f[record]) : DUMMY_ID;
    })
    .join('/');
}

export const paramCount = (path: string) =>
  path.split('/').filter((s) => s.startsWith(':') || s.startsWith('*')).length;
