/** A request through the gateway and its answer, as the launcher's tests read it. */
export interface Answer {
  status: number;
  /** The parsed JSON, or undefined when the answer is not JSON (then see `text`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any field of any answer
  body: any;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  /** The session cookie (`kcf_sid=...`). */
  session?: string;
  json?: unknown;
  form?: FormData;
}

/** Sends `method path` to the gateway at `base` as a browser of that origin would. */
export async function callGateway(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: base };
  if (options.session) headers.cookie = options.session;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

/** Signs in at the gateway at `base`; returns the session cookie (`kcf_sid=...`). */
export async function signInAt(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('kcf_sid='))!
    .split(';')[0];
}
