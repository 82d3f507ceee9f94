export { InProcessSessionRevocations, sessionRevocationSubject, type SessionRevocations } from './session-revocations';
export { NatsSessionRevocations, type NatsSessionRevocationsOptions } from './nats-session-revocations';
