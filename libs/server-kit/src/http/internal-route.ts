import { applyDecorators, Get, Header, Post } from '@nestjs/common';
import { CONTRACT_HEADER, contractOf, type InternalEndpoint } from '@kcf/contracts';

/**
 * Declares the route of an INTERNAL entry (its method and pattern) and answers with the entry's name and
 * version in `x-kcf-contract` (`financeStats@1.0`), which `InternalClient.call` checks: a caller refuses an
 * answer of another major.
 */
export function InternalRoute(endpoint: InternalEndpoint<never, unknown>): MethodDecorator {
  const route = endpoint.method === 'POST' ? Post(endpoint.route) : Get(endpoint.route);
  return applyDecorators(route, Header(CONTRACT_HEADER, contractOf(endpoint)));
}
