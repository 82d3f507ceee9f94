import {
  AUDIT_DOMAINS,
  COMMON_ERRORS,
  INTERNAL,
  type AuditDomain,
  type AuditEntry,
  type InternalAuditQuery,
  type InternalAuditRecordBody,
  type InternalAuditVerifyResult,
} from '@kcf/contracts';
import { AppError, InternalCallRefused, type InternalClient } from '@kcf/server-kit/http';

const TIMEOUT_MS = 10_000;

/** Each domain's audit routes, over HTTP; answers parsed with their INTERNAL schemas. */
export interface AuditSources {
  page(domain: AuditDomain, query: InternalAuditQuery): Promise<AuditEntry[]>;
  verify(domain: AuditDomain): Promise<InternalAuditVerifyResult>;
  /** Records an entry in identity's trail (what the gateway serves itself: the log's export), for the actor in the body. */
  record(body: InternalAuditRecordBody): Promise<void>;
}

/**
 * A refusal of the service (4xx: what it was asked is wrong) passed on as that 4xx; anything else (no answer,
 * a 5xx, an answer that does not fit the contract) is 502 naming the domain.
 */
function refusedOrUnavailable(domain: AuditDomain) {
  return (error: unknown): never => {
    const refusal = error instanceof InternalCallRefused ? error.refusal() : null;
    throw refusal ?? AppError.of(COMMON_ERRORS.upstreamUnavailable, { service: domain });
  };
}

export function httpAuditSources(clients: Record<AuditDomain, InternalClient>): AuditSources {
  for (const domain of AUDIT_DOMAINS) if (!clients[domain]) throw new Error(`No client for the ${domain} service`);
  return {
    page: async (domain, query) =>
      (
        await clients[domain]
          .call(INTERNAL.auditEntries, query, { timeoutMs: TIMEOUT_MS })
          .catch(refusedOrUnavailable(domain))
      ).items,
    verify: (domain) =>
      clients[domain].call(INTERNAL.auditVerify, undefined, { timeoutMs: 120_000 }).catch(refusedOrUnavailable(domain)),
    record: async (body) => {
      await clients.identity
        .call(INTERNAL.auditRecord, undefined, { body, timeoutMs: TIMEOUT_MS })
        .catch(refusedOrUnavailable('identity'));
    },
  };
}
