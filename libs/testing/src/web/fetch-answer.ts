/**
 * A fetch Response with a JSON body, holding just what the API client reads (jsdom has no fetch): for
 * `globalThis.fetch` stand-ins that answer like the gateway would.
 */
export function jsonAnswer(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 401 ? 'Unauthorized' : status >= 200 && status < 300 ? 'OK' : 'Error',
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => text,
  } as unknown as Response;
}
