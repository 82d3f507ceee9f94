import { z } from 'zod';
import { FIRST_CONTRACT_VERSION, type ContractVersion } from '../common/contract-version';
import { ConsentOverview } from '../beneficiaries/consents';
import { BeneficiaryExistsAnswer } from '../beneficiaries/import';
import { DashboardBudgetItem, DashboardRecentBeneficiary } from '../dashboard';
import type { Term } from '../enums/terms';
import { ChildReceipt } from '../finance/child-receipts';
import { Expense } from '../finance/expense';
import { BeneficiaryStats, FinanceStats } from '../finance/stats';
import { ROLES } from '../auth/access';
import {
  InternalAuditPage,
  InternalAuditRecorded,
  InternalAuditVerifyResult,
  type InternalAuditQuery,
} from '../audit/audit-internal';

/**
 * A call one process makes to another's internal API: the route the service declares (Nest's pattern),
 * how the caller fills it in, and the answer's schema, which the caller parses on receipt
 * (server-kit's `InternalClient.call`). Both sides read the same entry, so a path or a shape cannot drift.
 */
export interface InternalEndpoint<Params, Answer> {
  method: 'GET' | 'POST';
  /** The route as the service declares it, e.g. `/internal/beneficiaries/:id/exists`. */
  route: string;
  path(params: Params): string;
  answer: z.ZodType<Answer>;
  /** The entry's key in INTERNAL (what the answer's `x-kcf-contract` header names). */
  name: string;
  /**
   * The answer schema's version, `major.minor`: the next minor adds optional fields; anything else is the next
   * major. The service sends `x-kcf-contract: <name>@<version>` with the answer; the caller refuses another major.
   */
  version: ContractVersion;
  /**
   * The answer is a file, streamed (`InternalClient.open`): `answer` then reads its headers (`InternalFile`), not
   * a JSON body.
   */
  file?: true;
}

/** A file answered by an internal route, as its headers describe it. */
export const InternalFile = z.object({ contentType: z.string().min(1), size: z.number().int().nonnegative() });
export type InternalFile = z.infer<typeof InternalFile>;

/** `query` adds a query string made from the params (each value encoded), e.g. `?year=2025&quarter=Term%202`. */
function endpoint<Params, Answer>(
  method: 'GET' | 'POST',
  route: string,
  answer: z.ZodType<Answer>,
  query?: (params: Params) => Record<string, string | number>,
  { version = FIRST_CONTRACT_VERSION }: { version?: ContractVersion } = {},
): InternalEndpoint<Params, Answer> {
  return {
    method,
    route,
    answer,
    name: '',
    version,
    path: (params: Params) => {
      const path = route.replace(/:([A-Za-z]+)/g, (_, name: string) =>
        encodeURIComponent(String((params as Record<string, unknown>)[name])),
      );
      const search = Object.entries(query?.(params) ?? {})
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
        .join('&');
      return search ? `${path}?${search}` : path;
    },
  };
}

/** A route whose answer is a file (its bytes streamed, its type and length in the headers). */
function fileEndpoint<Params>(
  route: string,
  options: { version?: ContractVersion } = {},
): InternalEndpoint<Params, InternalFile> {
  return { ...endpoint<Params, InternalFile>('GET', route, InternalFile, undefined, options), file: true };
}

/** What the gateway asks identity about: the session id from the `kcf_sid` cookie. */
export const ResolveSessionBody = z.object({ sessionId: z.string().min(1).max(200) });
export type ResolveSessionBody = z.infer<typeof ResolveSessionBody>;

/** What identity answers for a live session (other user fields are ignored by the gateway). */
export const ResolvedSession = z.object({
  user: z.object({
    id: z.string(),
    role: z.enum(ROLES),
    beneficiaryId: z.string().nullish(),
    mustChangePassword: z.boolean().default(false),
    username: z.string().optional(),
    firstName: z.string().nullish(),
    lastName: z.string().nullish(),
  }),
  sessionId: z.string(),
});
export type ResolvedSession = z.infer<typeof ResolvedSession>;

/** The signed-in user's own record as far as other services need it (a report's "generatedBy"). */
export const UserName = z
  .object({ username: z.string().optional(), firstName: z.string().nullish(), lastName: z.string().nullish() })
  .passthrough();
export type UserName = z.infer<typeof UserName>;

export const OutboxBacklog = z.object({ pending: z.number().int().nonnegative() });
export type OutboxBacklog = z.infer<typeof OutboxBacklog>;

/** Gives each entry its key as its name. */
function named<T extends Record<string, InternalEndpoint<never, unknown>>>(entries: T): T {
  return Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, { ...entry, name }])) as T;
}

/** Every call between the product's processes. */
export const INTERNAL = /* @__PURE__ */ named({
  /**
   * svc-beneficiaries: whether a child exists (finance checks an expense's child, identity the child a
   * beneficiary user is linked to). Always 200.
   */
  beneficiaryExists: endpoint<{ id: string }, BeneficiaryExistsAnswer>(
    'GET',
    '/internal/beneficiaries/:id/exists',
    BeneficiaryExistsAnswer,
  ),
  /** svc-beneficiaries: events written and not yet published. */
  beneficiariesOutbox: endpoint<void, OutboxBacklog>('GET', '/internal/outbox', OutboxBacklog),
  /** svc-beneficiaries' part of the dashboard. */
  beneficiaryStats: endpoint<void, BeneficiaryStats>('GET', '/internal/stats', BeneficiaryStats),
  /** svc-beneficiaries: the dashboard's consent card (children lacking consent, grants expiring soon). */
  consentOverview: endpoint<void, ConsentOverview>('GET', '/internal/consents/overview', ConsentOverview),
  /** svc-finance: every expense linked to one child, as the API answers each (a child's data export). */
  childExpenses: endpoint<{ id: string }, Expense[]>('GET', '/internal/beneficiaries/:id/expenses', z.array(Expense)),
  /** svc-finance: the receipts of the expenses linked to one child, oldest expense first (a child's data export). */
  childReceipts: endpoint<{ id: string }, ChildReceipt[]>(
    'GET',
    '/internal/beneficiaries/:id/receipts',
    z.array(ChildReceipt),
  ),
  /** svc-finance: the bytes of one of those receipts, streamed; 404 unless the expense is the child's and has a receipt. */
  childReceiptFile: fileEndpoint<{ id: string; expenseId: string }>('/internal/beneficiaries/:id/receipts/:expenseId'),
  /** svc-finance's part of the dashboard. */
  financeStats: endpoint<void, FinanceStats>('GET', '/internal/stats', FinanceStats),
  /** svc-identity: who a session belongs to (the gateway, on a cache miss); 401 for a dead session. */
  resolveSession: endpoint<void, ResolvedSession>('POST', '/internal/sessions/resolve', ResolvedSession),
  /** svc-identity: the calling user's own record (signed with that user's context). */
  currentUser: endpoint<void, UserName>('GET', '/api/auth/user', UserName),
  /**
   * svc-finance's public budget list for one term of one year, asked by the gateway for the dashboard with
   * the signed-in user's context (the service decides what that user may read). Only the fields the
   * dashboard shows are kept.
   */
  termBudgets: endpoint<{ year: number; quarter: Term }, DashboardBudgetItem[]>(
    'GET',
    '/api/budgets',
    z.array(DashboardBudgetItem),
    ({ year, quarter }) => ({ year, quarter }),
  ),
  /**
   * svc-beneficiaries' public list, newest first (no sort given), `limit` rows, asked by the gateway for the
   * dashboard with the signed-in user's context (the service decides which children that user may see).
   * Only the fields the dashboard shows are kept.
   */
  newestBeneficiaries: endpoint<{ limit: number }, DashboardRecentBeneficiary[]>(
    'GET',
    '/api/beneficiaries',
    z.array(DashboardRecentBeneficiary),
    ({ limit }) => ({ limit }),
  ),
  /** Every service: a page of its audit entries, newest first (the gateway merges the domains). 1.1: an entry may name its record (`entity.label`). */
  auditEntries: endpoint<InternalAuditQuery, InternalAuditPage>(
    'GET',
    '/internal/audit',
    InternalAuditPage,
    (q) =>
      Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
        string,
        string | number
      >,
    { version: '1.1' },
  ),
  /** Every service: its audit chain recomputed. */
  auditVerify: endpoint<void, InternalAuditVerifyResult>('GET', '/internal/audit/verify', InternalAuditVerifyResult),
  /** svc-identity: records an entry for the user the call is signed for (the audit log's own export). */
  auditRecord: endpoint<void, InternalAuditRecorded>('POST', '/internal/audit/entries', InternalAuditRecorded),
} as const);
