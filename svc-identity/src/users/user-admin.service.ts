import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { CreateUserBody, UpdateUserBody } from '@kcf/contracts';
import { AppError, UnitOfWork } from '@kcf/server-kit';
import { IDENTITY_DB } from '../config';
import { countLiveRecords } from '../records/created-records.consumer';
import { SessionNotices } from '../sessions/session-notices';
import { hashPassword } from './password-hasher';
import { UserEntity } from './user.entity';
import { userNotFound } from './user-id.pipe';
import { managementRefusal, roleChangeRefusal, type ManagedAction } from './user-rules';

export const USERNAME_TAKEN = 'Username already exists';
export const USER_HAS_RECORDS = 'Cannot delete user who has created records';

const isUniqueViolation = (e: unknown) =>
  (e as { driverError?: { code?: string }; code?: string })?.driverError?.code === '23505' || (e as { code?: string })?.code === '23505';

/**
 * User Management (superadmin only, enforced by the routes' `manageUsers` level): the rules about
 * whom may be created, changed, reset, (de)activated or deleted. Every change that takes access away
 * ends the user's sessions in the same transaction; every change to an existing user (an edit may change
 * the role the gateways sign into the context) tells the gateways to drop that user's cached sessions
 * once it is saved.
 */
@Injectable()
export class UserAdminService {
  constructor(
    @InjectRepository(UserEntity, IDENTITY_DB) private readonly users: Repository<UserEntity>,
    private readonly uow: UnitOfWork,
    private readonly notices: SessionNotices,
  ) {}

  list(): Promise<UserEntity[]> {
    return this.users.find({ order: { createdAt: 'ASC', username: 'ASC' } });
  }

  /** A new account with a temporary password: its user must change it at first sign-in. */
  async create(body: CreateUserBody): Promise<UserEntity> {
    if (await this.usernameTaken(body.username)) throw AppError.conflict(USERNAME_TAKEN);
    const passwordHash = await hashPassword(body.password);
    try {
      return await this.uow.transaction(async (m) => {
        const { identifiers } = await m.insert(UserEntity, {
          username: body.username,
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          role: body.role,
          beneficiaryId: body.role === 'beneficiary' ? body.beneficiaryId : null,
          passwordHash,
          mustChangePassword: true,
          isActive: true,
        });
        // Read in the same transaction: the row is not committed before the answer is ready.
        return (await m.findOneBy(UserEntity, { id: identifiers[0].id as string }))!;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.conflict(USERNAME_TAKEN);
      throw e;
    }
  }

  /** Names, email and role. A superadmin's role is fixed and nobody is promoted to superadmin. */
  async update(id: string, body: UpdateUserBody): Promise<UserEntity> {
    return this.uow.transaction(async (m) => {
      const target = await this.lockTarget(m, id);
      const refusal = roleChangeRefusal(target.role, body.role);
      if (refusal) throw AppError.forbidden(refusal);
      await m.update(UserEntity, { id }, {
        firstName: body.firstName,
        lastName: body.lastName,
        role: body.role,
        beneficiaryId: body.role === 'beneficiary' ? body.beneficiaryId : null,
        ...(body.email !== undefined ? { email: body.email } : {}),
      });
      this.notices.afterCommit(id);
      return (await m.findOneBy(UserEntity, { id }))!;
    });
  }

  /** Deletes a user who created no record that still exists; its sessions go with it. */
  async remove(actorId: string, id: string): Promise<void> {
    await this.uow.transaction(async (m) => {
      const target = await this.lockTarget(m, id);
      this.refuse(actorId, target, 'delete');
      if ((await countLiveRecords(m, id)) > 0) throw AppError.conflict(USER_HAS_RECORDS);
      await m.query('DELETE FROM sessions WHERE user_id = $1', [id]);
      await m.delete(UserEntity, { id });
      this.notices.afterCommit(id);
    });
  }

  /** Activates or deactivates; a deactivated user's sessions end at once. */
  async setStatus(actorId: string, id: string, isActive: boolean): Promise<UserEntity> {
    return this.uow.transaction(async (m) => {
      const target = await this.lockTarget(m, id);
      this.refuse(actorId, target, 'status');
      await m.update(UserEntity, { id }, { isActive });
      if (!isActive) await m.query('DELETE FROM sessions WHERE user_id = $1', [id]);
      this.notices.afterCommit(id);
      return (await m.findOneBy(UserEntity, { id }))!;
    });
  }

  /** Sets a temporary password the user must change at next sign-in, and ends the user's sessions. */
  async resetPassword(actorId: string, id: string, newPassword: string): Promise<void> {
    const before = await this.users.findOneBy({ id });
    if (!before) throw userNotFound();
    this.refuse(actorId, before, 'reset');
    const passwordHash = await hashPassword(newPassword);
    await this.uow.transaction(async (m) => {
      const target = await this.lockTarget(m, id);
      this.refuse(actorId, target, 'reset');
      await m.update(UserEntity, { id }, { passwordHash, mustChangePassword: true });
      await m.query('DELETE FROM sessions WHERE user_id = $1', [id]);
      this.notices.afterCommit(id);
    });
  }

  private async usernameTaken(username: string): Promise<boolean> {
    return (await this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getCount()) > 0;
  }

  private async lockTarget(m: EntityManager, id: string): Promise<UserEntity> {
    const target = await m.createQueryBuilder(UserEntity, 'u').setLock('pessimistic_write').where('u.id = :id', { id }).getOne();
    if (!target) throw userNotFound();
    return target;
  }

  private refuse(actorId: string, target: UserEntity, action: ManagedAction): void {
    const refusal = managementRefusal(actorId, target, action);
    if (refusal) throw AppError.forbidden(refusal);
  }
}
