import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UnitOfWork } from '@kcf/server-kit';
import { IDENTITY_CONFIG, IDENTITY_DB, type IdentityConfig } from '../config';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hasher';
import { UserEntity } from './user.entity';
import { UUID_PATTERN } from './user-id.pipe';

/** A generated first password that meets every password policy of the product. */
function generatePassword(): string {
  return `Kcf@${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}9a`;
}

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Users');

  constructor(
    @InjectRepository(UserEntity, IDENTITY_DB) private readonly users: Repository<UserEntity>,
    private readonly uow: UnitOfWork,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** First start with an empty user table: one superadmin, not forced to change its password. */
  async onApplicationBootstrap(): Promise<void> {
    await this.uow.transaction(async (m) => {
      await m.query('LOCK TABLE users IN EXCLUSIVE MODE');
      if ((await m.count(UserEntity)) > 0) return;
      const password = this.config.ADMIN_PASSWORD ?? generatePassword();
      await m.insert(UserEntity, {
        username: this.config.ADMIN_USERNAME,
        firstName: 'System',
        lastName: 'Administrator',
        role: 'superadmin',
        passwordHash: await hashPassword(password),
        mustChangePassword: false,
      });
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
  async findById(id: string): Promise<UserEntity | null> {
    if (!UUID_PATTERN.test(id)) return null;
    return this.users.findOneBy({ id });
  }

  /** Active users whose email is this one (any case): the identity provider's users are matched by it. */
  findActiveByEmail(email: string): Promise<UserEntity[]> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .andWhere('u.is_active = true')
      .getMany();
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  /** The active user with these credentials, or null. Same work whether or not the user exists. */
  async verifyCredentials(username: string, password: string): Promise<UserEntity | null> {
    const user = await this.findByUsername(username);
    if (!user) {
      await verifyPassword(await decoyPasswordHash(), password);
      return null;
    }
    const ok = await verifyPassword(user.passwordHash, password);
    return ok && user.isActive ? user : null;
  }
}
