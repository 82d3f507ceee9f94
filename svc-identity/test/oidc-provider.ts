import { generateKeyPairSync } from 'node:crypto';
import type { Server } from 'node:http';
import { freePort } from '@kcf/testing';

export interface IdpAccount {
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
}

export interface TestProvider {
  issuer: string;
  port: number;
  /** Starts the provider with one confidential client redirecting to `redirectUri`. */
  start(redirectUri: string): Promise<void>;
  stop(): Promise<void>;
}

export const CLIENT = { id: 'kcf-staff', secret: 'a-client-secret-for-the-test-provider' };

/**
 * A real OpenID Connect provider (`oidc-provider` 9, ESM) on a free local port, with its development
 * interactions (any login name, any password) and the accounts given here. The port is chosen first so
 * that identity can be configured with the issuer before the provider knows identity's callback.
 */
export async function createTestProvider(accounts: Record<string, IdpAccount>): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  let server: Server | undefined;
  return {
    issuer,
    port,
    async start(redirectUri) {
      // The provider announces its development-only defaults (interactions, Node 20) on the console; not news here.
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { default: Provider } = await import('oidc-provider');
      const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
      const provider = new Provider(issuer, {
        jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
        clients: [
          {
            client_id: CLIENT.id,
            client_secret: CLIENT.secret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: { openid: ['sub'], profile: ['preferred_username'], email: ['email', 'email_verified'] },
        cookies: { keys: ['test-provider-cookie-key'] },
        pkce: { required: () => true },
        findAccount: async (_ctx: unknown, id: string) => ({
          accountId: id,
          claims: async () => ({ sub: id, ...(accounts[id] ?? {}) }),
        }),
      });
      warn.mockRestore();
      provider.on('server_error', () => undefined);
      await new Promise<void>((resolve) => {
        server = provider.listen(port, resolve) as Server;
      });
    },
    async stop() {
      if (!server) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}

/** Cookies per origin, enough to walk a sign-in with fetch (paths and expiry are ignored). */
class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();
  store(url: URL, res: Response): void {
    const jar = this.byOrigin.get(url.origin) ?? new Map<string, string>();
    this.byOrigin.set(url.origin, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired =
        !value || attributes.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
  }
  header(url: URL): string {
    return [...(this.byOrigin.get(url.origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get(origin: string, name: string): string | undefined {
    return this.byOrigin.get(origin)?.get(name);
  }
  set(origin: string, name: string, value: string): void {
    const jar = this.byOrigin.get(origin) ?? new Map<string, string>();
    jar.set(name, value);
    this.byOrigin.set(origin, jar);
  }
}

export interface SignInWalk {
  /** Where identity finally sent the browser (a page of the app, e.g. `/` or `/login?error=...`). */
  landedOn: string;
  jar: CookieJar;
  /** Every URL requested, in order. */
  visited: string[];
}

/**
 * Does what a browser does from `GET <app>/api/login`: follows redirects, fills in the provider's login
 * form as `loginName`, grants consent, and stops at the first page of the app that is not under /api.
 */
export async function walkSignIn(
  appUrl: string,
  loginName: string,
  jar = new CookieJar(),
  startPath = '/api/login',
): Promise<SignInWalk> {
  const app = new URL(appUrl).origin;
  const visited: string[] = [];
  let url = new URL(startPath, appUrl);
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    visited.push(url.href);
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: jar.header(url), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    jar.store(url, res);
    method = 'GET';
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      await res.arrayBuffer();
      if (next.origin === app && !next.pathname.startsWith('/api/'))
        return { landedOn: next.pathname + next.search, jar, visited };
      url = next;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${url.href} answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${url.href}`);
    url = new URL(action, url);
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login: loginName, password: 'anything' } : { prompt });
  }
  throw new Error('sign-in did not finish in 20 steps');
}
