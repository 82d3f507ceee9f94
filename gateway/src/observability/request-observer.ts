import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { observeRequest, requestIdMiddleware, type RequestObserver } from '@kcf/server-kit/http';
import type { Request, Response } from 'express';

/**
 * Puts the request metrics and the request's log line in front of everything the gateway answers (the
 * front door's proxying and express alike). The request id is settled first, so every line written while
 * the request is handled carries the id the services receive.
 */
export function observeGatewayRequests(server: Server, observer: RequestObserver): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    requestIdMiddleware(req as Request, res as Response, () =>
      observeRequest(observer, req, res, () => {
        for (const listener of listeners) listener.call(server, req, res);
      }),
    );
  });
}
