import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_ERRORS, type CreateUserBody, type UpdateUserBody, type UserListQuery } from '@kcf/contracts';
import { AppError, AuditTrail, CLOCK, type Clock } from '@kcf/server-kit';
import { LINKED_CHILD_CHECK, type LinkedChildCheck } from '../beneficiaries/linked-child';
import { UserRecordsRepository } from '../records/user-records.repository';
import { SessionNotices } from '../sessions/session-notices';
import { SessionsService } from '../sessions/sessions.service';
import { hashPassword } from './password-hasher';
import { passwordSubject, userSubject } from './user-audit';
import { toPublicUser, type UserRow } from './user-row';
import { managementRefusal, roleChangeRefusal, type ManagedAction } from './user-rules';
import { UsersRepository } from './users.repository';

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/**
 * User Management (superadmin only, enforced by the routes' `manageUsers` level): the rules about
 * whom may be created, changed, reset, (de)activated or deleted. Each call is part of the request's unit of
 * work: every change that takes access away ends the user's sessions in the same transaction, and every
 * change to an existing user (an edit may change the role the gateways sign into the context) tells the
 * gateways to drop that user's cached sessions once it is saved. Each change is recorded in the audit trail
 * with the user's old and new values (as the API shows the user: never the password hash); a password reset
 * is recorded without values.
 */
@Injectable()
export class UserAdminService {
  constructor(
    private readonly users: UsersRepository,
    private readonly records: UserRecordsRepository,
    private readonly sessions: SessionsService,
    private readonly notices: SessionNotices,
    private readonly audit: AuditTrail,
    @Inject(LINKED_CHILD_CHECK) private readonly linkedChild: LinkedChildCheck,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  list(query: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
    return this.users.list(query);
  }

  /**
   * A new account with a temporary password: its user must change it at first sign-in. A beneficiary user's
   * child must exist (asked of svc-beneficiaries before anything is written).
   */
  async create(body: CreateUserBody): Promise<UserRow> {
    if (await this.users.usernameTaken(body.username)) throw AppError.of(IDENTITY_ERRORS.usernameTaken);
    if (body.role === 'beneficiary' && body.beneficiaryId) await this.linkedChild.assertExists(body.beneficiaryId);
    const passwordHash = await hashPassword(body.password);
    let created: UserRow;
    try {
      created = await this.users.insert(
        {
          username: body.username,
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          role: body.role,
          beneficiaryId: body.role === 'beneficiary' ? body.beneficiaryId : null,
          passwordHash,
          mustChangePassword: true,
        },
        this.clock.now(),
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.of(IDENTITY_ERRORS.usernameTaken);
      throw e;
    }
    this.audit.created(toPublicUser(created), userSubject(created));
    return created;
  }

  /**
   * Names, email and role. A superadmin's role is fixed and nobody is promoted to superadmin. A link to another
   * child is checked with svc-beneficiaries before the user's row is locked; keeping the same child needs no check.
   */
  async update(id: string, body: UpdateUserBody): Promise<UserRow> {
    if (body.role === 'beneficiary' && body.beneficiaryId) {
      const before = await this.users.findById(id);
      if (!before) throw AppError.of(IDENTITY_ERRORS.userNotFound);
      if (before.beneficiaryId !== body.beneficiaryId) await this.linkedChild.assertExists(body.beneficiaryId);
    }
    const target = await this.lockTarget(id);
    const refusal = roleChangeRefusal(target.role, body.role);
    if (refusal) throw AppError.of(refusal);
    const updated = await this.users.updateProfile(
      id,
      {
        firstName: body.firstName,
        lastName: body.lastName,
        role: body.role,
        beneficiaryId: body.role === 'beneficiary' ? body.beneficiaryId : null,
        email: body.email,
      },
      this.clock.now(),
    );
    this.audit.updated(toPublicUser(target), toPublicUser(updated!), userSubject(updated!, target));
    this.notices.afterCommit(id);
    return updated!;
  }

  /** Deletes a user who created no record that still exists; its sessions go with it. */
  async remove(actorId: string, id: string): Promise<void> {
    const target = await this.lockTarget(id);
    this.refuse(actorId, target, 'delete');
    if ((await this.records.countLive(id)) > 0) throw AppError.of(IDENTITY_ERRORS.userHasRecords);
    await this.sessions.endAllOf(id);
    await this.users.delete(id);
    this.audit.deleted(toPublicUser(target), userSubject(target));
    this.notices.afterCommit(id);
  }

  /** Activates or deactivates; a deactivated user's sessions end at once. */
  async setStatus(actorId: string, id: string, isActive: boolean): Promise<UserRow> {
    const target = await this.lockTarget(id);
    this.refuse(actorId, target, 'status');
    const updated = await this.users.setActive(id, isActive, this.clock.now());
    if (!isActive) await this.sessions.endAllOf(id);
    this.audit.updated(toPublicUser(target), toPublicUser(updated!), userSubject(updated!));
    this.notices.afterCommit(id);
    return updated!;
  }

  /**
   * Sets a temporary password the user must change at next sign-in, and ends the user's sessions. The
   * password is hashed before the user's row is locked, and the rules checked again once it is.
   */
  async resetPassword(actorId: string, id: string, newPassword: string): Promise<void> {
    const before = await this.users.findById(id);
    if (!before) throw AppError.of(IDENTITY_ERRORS.userNotFound);
    this.refuse(actorId, before, 'reset');
    const passwordHash = await hashPassword(newPassword);
    const target = await this.lockTarget(id);
    this.refuse(actorId, target, 'reset');
    await this.users.setPassword(id, passwordHash, true, this.clock.now());
    await this.sessions.endAllOf(id);
    this.audit.changed('update', [], passwordSubject(id, 'reset-by-admin'));
    this.notices.afterCommit(id);
  }

  /** The user, its row locked until the request's unit of work ends. */
  private async lockTarget(id: string): Promise<UserRow> {
    const target = await this.users.lockForUpdate(id);
    if (!target) throw AppError.of(IDENTITY_ERRORS.userNotFound);
    return target;
  }

  private refuse(actorId: string, target: UserRow, action: ManagedAction): void {
    const refusal = managementRefusal(actorId, target, action);
    if (refusal) throw AppError.of(refusal);
  }
}
