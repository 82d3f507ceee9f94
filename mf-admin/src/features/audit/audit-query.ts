/** The log's query schema, in a chunk of its own: loaded only when the address holds a filter to check. */
export { AuditQuery } from '@kcf/contracts';
