/**
 * Browser specs only: a `fetch` stand-in answering GETs like the gateway would (JSON body, `X-Total-Count` for a
 * page), from a function of the request's path and query. Every URL asked is kept in `urls`.
 */
export function fakeServer(
  answer: (path: string, query: URLSearchParams) => { body: unknown; total?: number; status?: number },
) {
  const urls: string[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(`${url.pathname}${url.search}`);
    const { body, total, status = 200 } = answer(url.pathname, url.searchParams);
    const text = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (total !== undefined) headers['x-total-count'] = String(total);
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: 'OK',
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    } as unknown as Response;
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return { fetch, urls };
}
