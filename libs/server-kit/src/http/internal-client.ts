import { AppError } from '../errors/app-error';
import { signUserContext, systemContext, type UserContext } from '../context/user-context';

/** Calls another service's internal API with a signed context (the caller's user, or this service itself). */
export class InternalClient {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: string,
    private readonly callerName: string,
  ) {}

  async request<T>(method: string, path: string, options: { body?: unknown; as?: UserContext; timeoutMs?: number } = {}): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = {
      ...signUserContext(options.as ?? systemContext(this.callerName), this.secret),
      accept: 'application/json',
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
    } catch {
      throw new AppError('UPSTREAM_UNAVAILABLE', 'A service this request needs is unavailable');
    }
    const text = await res.text();
    const body = (text ? JSON.parse(text) : undefined) as T;
    return { status: res.status, body };
  }
}
