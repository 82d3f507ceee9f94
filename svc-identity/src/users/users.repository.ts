import { Injectable } from '@nestjs/common';
import { DEFAULT_PAGE_LIMIT, type Role, type UserListQuery } from '@kcf/contracts';
import { containing, Database } from '@kcf/server-kit';
import type { UserRow } from './user-row';

const USER = `id, username, first_name AS "firstName", last_name AS "lastName", email, role, password_hash AS "passwordHash",
  must_change_password AS "mustChangePassword", is_active AS "isActive", beneficiary_id AS "beneficiaryId",
  profile_image_url AS "profileImageUrl", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** What User Management's search looks in; the expression of the `users_search_trgm` index. */
const USER_SEARCH_TEXT = `(first_name || ' ' || last_name || ' ' || username || ' ' || coalesce(email, ''))`;

export interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: Role;
  beneficiaryId: string | null;
  passwordHash: string;
  mustChangePassword: boolean;
}

export interface UserProfile {
  firstName: string;
  lastName: string;
  role: Role;
  beneficiaryId: string | null;
  /** Undefined leaves the stored email alone; null clears it. */
  email?: string | null;
}

/** The `users` table. Every change stamps `updated_at` (Last Active in User Management) with the time given. */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: Database) {}

  findById(id: string): Promise<UserRow | null> {
    return this.db.read.one<UserRow>(`SELECT ${USER} FROM users WHERE id = $1`, [id]);
  }

  /** Any case: a username is one account whatever its case. */
  findByUsername(username: string): Promise<UserRow | null> {
    return this.db.read.one<UserRow>(`SELECT ${USER} FROM users WHERE lower(username) = lower($1)`, [username]);
  }

  findActiveByEmail(email: string): Promise<UserRow[]> {
    return this.db.read.rows<UserRow>(`SELECT ${USER} FROM users WHERE lower(email) = lower($1) AND is_active = true`, [
      email,
    ]);
  }

  async usernameTaken(username: string): Promise<boolean> {
    return (
      (await this.db.read.one('SELECT 1 FROM users WHERE lower(username) = lower($1) LIMIT 1', [username])) !== null
    );
  }

  /**
   * Oldest first (usernames are unique: a stable order), filtered by the query: the search on the trigram
   * index of `USER_SEARCH_TEXT`, role and status. An absent filter is a null parameter. One page of
   * `limit` from `offset`, and how many match in all.
   */
  async list(query: Partial<UserListQuery> = {}): Promise<{ rows: UserRow[]; total: number }> {
    const where = `WHERE ($1::text IS NULL OR ${USER_SEARCH_TEXT} ILIKE $1)
         AND ($2::text IS NULL OR role = $2)
         AND ($3::boolean IS NULL OR is_active = $3)`;
    const params = [
      query.search ? containing(query.search) : null,
      query.role ?? null,
      query.status ? query.status === 'active' : null,
    ];
    const [rows, counted] = await Promise.all([
      this.db.read.rows<UserRow>(
        `SELECT ${USER} FROM users ${where} ORDER BY created_at ASC, username ASC LIMIT $4 OFFSET $5`,
        [...params, query.limit ?? DEFAULT_PAGE_LIMIT, query.offset ?? 0],
      ),
      this.db.read.one<{ total: number }>(`SELECT count(*)::int AS total FROM users ${where}`, params),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** The user, its row locked until the unit of work ends; null when there is none. */
  lockForUpdate(id: string): Promise<UserRow | null> {
    return this.db.write.one<UserRow>(`SELECT ${USER} FROM users WHERE id = $1 FOR UPDATE`, [id]);
  }

  /** Waits for (and then holds off) a change of the user's row that is deciding right now. */
  async holdForShare(id: string): Promise<void> {
    await this.db.write.exec('SELECT 1 FROM users WHERE id = $1 FOR SHARE', [id]);
  }

  /** Locks the whole table until the unit of work ends (the first superadmin is created once). */
  async lockTable(): Promise<void> {
    await this.db.write.exec('LOCK TABLE users IN EXCLUSIVE MODE');
  }

  /** Whether the table has no user, as the unit of work sees it. */
  async isEmpty(): Promise<boolean> {
    return (await this.db.write.one('SELECT 1 FROM users LIMIT 1')) === null;
  }

  async insert(user: NewUser, now: Date): Promise<UserRow> {
    const row = await this.db.write.one<UserRow>(
      `INSERT INTO users (username, first_name, last_name, email, role, beneficiary_id, password_hash, must_change_password, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${USER}`,
      [
        user.username,
        user.firstName,
        user.lastName,
        user.email,
        user.role,
        user.beneficiaryId,
        user.passwordHash,
        user.mustChangePassword,
        now,
      ],
    );
    return row!;
  }

  updateProfile(id: string, profile: UserProfile, now: Date): Promise<UserRow | null> {
    return this.db.write.one<UserRow>(
      `UPDATE users SET first_name = $2, last_name = $3, role = $4, beneficiary_id = $5,
         email = CASE WHEN $6::boolean THEN $7::varchar ELSE email END, updated_at = $8
       WHERE id = $1 RETURNING ${USER}`,
      [
        id,
        profile.firstName,
        profile.lastName,
        profile.role,
        profile.beneficiaryId,
        profile.email !== undefined,
        profile.email ?? null,
        now,
      ],
    );
  }

  setActive(id: string, isActive: boolean, now: Date): Promise<UserRow | null> {
    return this.db.write.one<UserRow>(
      `UPDATE users SET is_active = $2, updated_at = $3 WHERE id = $1 RETURNING ${USER}`,
      [id, isActive, now],
    );
  }

  async setPassword(id: string, passwordHash: string, mustChangePassword: boolean, now: Date): Promise<void> {
    await this.db.write.exec(
      'UPDATE users SET password_hash = $2, must_change_password = $3, updated_at = $4 WHERE id = $1',
      [id, passwordHash, mustChangePassword, now],
    );
  }

  /** A sign-in: the user's last activity. */
  async stampActivity(id: string, now: Date): Promise<void> {
    await this.db.write.exec('UPDATE users SET updated_at = $2 WHERE id = $1', [id, now]);
  }

  async delete(id: string): Promise<void> {
    await this.db.write.exec('DELETE FROM users WHERE id = $1', [id]);
  }
}
