/** Injection tokens of the gateway's Nest module. */
export const SESSION_LOOKUP = Symbol('SessionLookup');
export const DASHBOARD_COMPOSER = Symbol('DashboardComposer');
export const READINESS_PROBES = Symbol('ReadinessProbes');
export const GATEWAY_LIFECYCLE = Symbol('GatewayLifecycle');
export const AUDIT_COMPOSER = Symbol('AuditComposer');
