import request from 'supertest';
import { listRoutes } from '@kcf/server-kit';
import { roleMayAccess, type Role } from '@kcf/contracts';
import { startFinance, type FinanceHarness } from './finance-harness';

let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance();
});
afterAll(async () => {
  await h?.stop();
});

const ID = '0d7c5f8e-0000-4000-8000-000000000000';
const EXPECTED: Record<string, string> = {
  'GET /api/income': 'read',
  'GET /api/income/:id': 'read',
  'POST /api/income': 'write',
  'PUT /api/income/:id': 'write',
  'DELETE /api/income/:id': 'delete',
  'GET /api/transactions': 'read',
  'GET /api/expenses': 'read',
  'GET /api/expenses/:id': 'read',
  'GET /api/expenses/:id/receipt': 'read',
  'POST /api/expenses': 'write',
  'PUT /api/expenses/:id': 'write',
  'DELETE /api/expenses/:id': 'delete',
  'GET /api/budgets': 'read',
  'GET /api/budgets/download': 'read',
  'GET /api/reports/monthly': 'read',
  'GET /api/budgets/:id': 'read',
  'POST /api/budgets': 'write',
  'POST /api/budgets/recalculate': 'write',
  'PUT /api/budgets/:id': 'write',
  'DELETE /api/budgets/:id': 'delete',
  'GET /internal/stats': 'internal',
  'GET /internal/beneficiaries/:id/expenses': 'internal',
  'GET /internal/beneficiaries/:id/receipts': 'internal',
  'GET /internal/beneficiaries/:id/receipts/:expenseId': 'internal',
};

/** Every service's audit routes (server-kit's AuditController, walked by its own tests and the launcher's matrix). */
const AUDIT_ROUTES: Record<string, string> = {
  'GET /internal/audit': 'internal',
  'GET /internal/audit/verify': 'internal',
  'POST /internal/audit/entries': 'internal',
};

const ALLOWED: Record<string, Role[]> = {
  read: ['viewer', 'admin', 'superadmin'],
  write: ['admin', 'superadmin'],
  delete: ['superadmin'],
  internal: [],
};

/** Internal routes about one record: past the guard, the ids of nothing name none (404). */
const ONE_RECORD = new Set(['GET /internal/beneficiaries/:id/receipts/:expenseId']);

describe('authorization matrix of svc-finance', () => {
  it('declares the expected access level on every route', () => {
    const routes = listRoutes(h.service.app).filter((r) => !r.path.startsWith('/health'));
    expect(Object.fromEntries(routes.map((r) => [`${r.method} ${r.path}`, r.access]))).toEqual({
      ...EXPECTED,
      ...AUDIT_ROUTES,
    });
  });

  it('lets the viewer reach no route that writes', () => {
    const writes = listRoutes(h.service.app).filter(
      (r) => r.method !== 'GET' && r.access && roleMayAccess('viewer', r.access),
    );
    expect(writes.map((r) => `${r.method} ${r.path} [${r.access}]`)).toEqual([]);
  });

  for (const [route, level] of Object.entries(EXPECTED)) {
    const [method, template] = route.split(' ');
    const path = template.replace(':id', ID);
    it(`${route}: 401 signed out, 403 for roles outside "${level}", past the guard for the others`, async () => {
      const agent = request(h.url) as unknown as Record<string, (p: string) => request.Test>;
      const call = (headers: Record<string, string>) => agent[method.toLowerCase()](path).set(headers);
      expect((await call({})).status).toBe(401);
      for (const role of ['viewer', 'admin', 'superadmin', 'beneficiary'] as Role[]) {
        const res = await call(h.as(role, role === 'beneficiary' ? { beneficiaryId: 'KCF-000001' } : {}));
        if (ALLOWED[level].includes(role)) expect([200, 204, 400, 404]).toContain(res.status);
        else expect(res.status).toBe(403);
      }
      const system = await call(h.asSystem());
      expect(system.status).toBe(level === 'internal' ? (ONE_RECORD.has(route) ? 404 : 200) : 403);
    });
  }
});
