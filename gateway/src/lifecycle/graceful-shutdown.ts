/** Whether the gateway is shutting down: readiness says 503 and every answer closes its connection. */
export class GatewayLifecycle {
  closing = false;
}
