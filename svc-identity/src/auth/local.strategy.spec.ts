import passport from 'passport';
import type { Request, Response } from 'express';
import type { UserRow } from '../users/user-row';
import { authenticate } from './authenticate';
import { LocalStrategy } from './local.strategy';
import type { SignInService } from './sign-in.service';

const request = (body: unknown, ip = '192.0.2.1') => ({ headers: {}, body, query: {}, ip }) as unknown as Request;
const response = {} as Response;
const user = (id: string) => ({ id, username: id }) as UserRow;

/** A SignInService that answers `withPassword` as told and notes what it was asked. */
function signInAnswering(
  answer: (username: string, password: string, address: string | undefined) => Promise<UserRow>,
) {
  const asked: unknown[][] = [];
  const service = {
    withPassword: (...args: [string, string, string | undefined]) => (asked.push(args), answer(...args)),
  } as unknown as SignInService;
  return { service, asked };
}

describe('LocalStrategy (passport-local)', () => {
  it('checks the body’s username and password from the caller’s address', async () => {
    const { service, asked } = signInAnswering(async () => user('amina'));
    await expect(
      authenticate(
        new LocalStrategy(service),
        request({ username: 'amina', password: 'S3cret!pw' }, '192.0.2.9'),
        response,
      ),
    ).resolves.toEqual({ user: user('amina') });
    expect(asked).toEqual([['amina', 'S3cret!pw', '192.0.2.9']]);
  });

  it('hands on the sign-in’s refusal as it is (the 401, the 429 and its Retry-After)', async () => {
    const refusal = new Error('Invalid credentials');
    const { service } = signInAnswering(async () => Promise.reject(refusal));
    await expect(
      authenticate(new LocalStrategy(service), request({ username: 'amina', password: 'wrong' }), response),
    ).rejects.toBe(refusal);
  });

  it('runs the strategy of its own app: two apps in one process keep their own', async () => {
    const first = new LocalStrategy(signInAnswering(async () => user('first')).service);
    const second = new LocalStrategy(signInAnswering(async () => user('second')).service);
    const body = { username: 'someone', password: 'S3cret!pw' };
    await expect(authenticate(first, request(body), response)).resolves.toEqual({ user: user('first') });
    await expect(authenticate(second, request(body), response)).resolves.toEqual({ user: user('second') });
    expect((passport as unknown as { _strategy(name: string): unknown })._strategy('local')).toBeUndefined();
  });
});
