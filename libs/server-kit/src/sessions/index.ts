/** `@kcf/server-kit/sessions`: session notices from identity to the gateways (in-process and NATS core). */
export { InProcessSessionRevocations, sessionRevocationSubject, type SessionRevocations } from './session-revocations';
export { NatsSessionRevocations, type NatsSessionRevocationsOptions } from './nats-session-revocations';
