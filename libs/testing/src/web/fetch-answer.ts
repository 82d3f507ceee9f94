/**
 * A fetch Response with a JSON body, holding just what the API client reads (jsdom has no fetch): for
 * `globalThis.fetch` stand-ins that answer like the gateway would. `headers` adds answer headers (e.g.
 * `X-Total-Count` of a page).
 */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const named = new Map(
    Object.entries({ 'content-type': 'application/json', ...headers }).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
  );
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 401 ? 'Unauthorized' : status >= 200 && status < 300 ? 'OK' : 'Error',
    headers: { get: (name: string) => named.get(name.toLowerCase()) ?? null },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as unknown as Response;
}
