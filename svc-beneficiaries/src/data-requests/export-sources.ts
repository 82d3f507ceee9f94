import type { Readable } from 'node:stream';
import {
  INTERNAL,
  type AuditDomain,
  type AuditEntry,
  type ChildReceipt,
  type Expense,
  type InternalAuditQuery,
} from '@kcf/contracts';
import { InternalClient } from '@kcf/server-kit';

/** What a child's data export reads from the other domains (each answer parsed with its INTERNAL schema). */
export interface ExportSources {
  /** The expenses linked to the child (svc-finance). */
  expensesOf(beneficiaryId: string): Promise<Expense[]>;
  /** The receipts of those expenses (svc-finance). */
  receiptsOf(beneficiaryId: string): Promise<ChildReceipt[]>;
  /** One receipt's bytes, streamed from svc-finance. */
  openReceipt(beneficiaryId: string, expenseId: string): Promise<Readable>;
  /** One page of a domain's audit entries (svc-finance, svc-identity), newest first, as the gateway asks for them. */
  auditPage(domain: Exclude<AuditDomain, 'beneficiaries'>, query: InternalAuditQuery): Promise<AuditEntry[]>;
}
export const EXPORT_SOURCES = Symbol('ExportSources');

const TIMEOUT_MS = 30_000;

/** The other services over HTTP, with this service's signed system context. */
export function httpExportSources(financeUrl: string, identityUrl: string, secret: string): ExportSources {
  const clients = {
    finance: new InternalClient(financeUrl, secret, 'beneficiaries'),
    identity: new InternalClient(identityUrl, secret, 'beneficiaries'),
  };
  return {
    expensesOf: (id) => clients.finance.call(INTERNAL.childExpenses, { id }, { timeoutMs: TIMEOUT_MS }),
    receiptsOf: (id) => clients.finance.call(INTERNAL.childReceipts, { id }, { timeoutMs: TIMEOUT_MS }),
    openReceipt: async (id, expenseId) =>
      (await clients.finance.open(INTERNAL.childReceiptFile, { id, expenseId }, { timeoutMs: TIMEOUT_MS })).stream,
    auditPage: async (domain, query) =>
      (await clients[domain].call(INTERNAL.auditEntries, query, { timeoutMs: TIMEOUT_MS })).items,
  };
}
