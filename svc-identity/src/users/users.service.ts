import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AuditTrail, CLOCK, UnitOfWork, type Clock } from '@kcf/server-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hasher';
import { UUID_PATTERN } from './user-id.pipe';
import { userSubject } from './user-audit';
import { toPublicUser, type UserRow } from './user-row';
import { UsersRepository } from './users.repository';

/** A generated first password that meets every password policy of the product. */
function generatePassword(): string {
  return `Kcf@${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}9a`;
}

/** Why a sign-in with a password is refused (recorded in the failed sign-in's audit entry); null: it is not. */
export type CredentialsRefusal = 'unknown-username' | 'wrong-password' | 'inactive' | null;

export interface CredentialsCheck {
  account: UserRow | null;
  refusal: CredentialsRefusal;
}

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Users');

  constructor(
    private readonly users: UsersRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * First start with an empty user table: one superadmin, not forced to change its password (a unit of work of
   * its own, recorded in the audit trail as the system's).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.uow.transaction(async () => {
      await this.users.lockTable();
      if (!(await this.users.isEmpty())) return;
      const password = this.config.ADMIN_PASSWORD ?? generatePassword();
      const created = await this.users.insert(
        {
          username: this.config.ADMIN_USERNAME,
          firstName: 'System',
          lastName: 'Administrator',
          email: null,
          role: 'superadmin',
          beneficiaryId: null,
          passwordHash: await hashPassword(password),
          mustChangePassword: false,
        },
        this.clock.now(),
      );
      this.audit.created(toPublicUser(created), userSubject(created));
      if (this.config.ADMIN_PASSWORD) {
        this.logger.log(`Created the first superadmin '${this.config.ADMIN_USERNAME}'.`);
      } else {
        // Printed once, on the first start only; it is never stored in clear.
        this.logger.warn(
          `Created the first superadmin. Username: ${this.config.ADMIN_USERNAME}  Password: ${password}  (shown once; change it after signing in)`,
        );
      }
    });
  }

  /** The user with this id; null for an unknown id or one that cannot be a user id. */
  async findById(id: string): Promise<UserRow | null> {
    if (!UUID_PATTERN.test(id)) return null;
    return this.users.findById(id);
  }

  /** Active users whose email is this one (any case): the identity provider's users are matched by it. */
  findActiveByEmail(email: string): Promise<UserRow[]> {
    return this.users.findActiveByEmail(email);
  }

  findByUsername(username: string): Promise<UserRow | null> {
    return this.users.findByUsername(username);
  }

  /**
   * The account the username names (null when none does) and whether these credentials sign it in (the right
   * password of an active user). Same work whether or not the user exists.
   */
  async checkCredentials(username: string, password: string): Promise<CredentialsCheck> {
    const account = await this.findByUsername(username);
    if (!account) {
      await verifyPassword(await decoyPasswordHash(), password);
      return { account: null, refusal: 'unknown-username' };
    }
    if (!(await verifyPassword(account.passwordHash, password))) return { account, refusal: 'wrong-password' };
    return { account, refusal: account.isActive ? null : 'inactive' };
  }
}
