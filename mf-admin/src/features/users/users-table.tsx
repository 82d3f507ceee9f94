import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { can, ROLE_LABELS, ROLE_TITLES, USER_STATUS_LABELS, userDisplayName, type User } from '@kcf/contracts';
import { Avatar, Badge, Button, Table, TBody, Td, Th, THead, Tr } from '@kcf/ui';
import { lastActiveLabel, mayResetOrDelete, ROLE_TONES } from './user-rules';
import * as styles from './users.module.css';

const COLUMN_COUNT = 7;

/** The Audit log filtered to one person. */
export const activityPath = (user: Pick<User, 'id'>) => `/audit?actor=${encodeURIComponent(user.id)}`;

interface UsersTableProps {
  users: User[];
  me: Pick<User, 'id' | 'role'> | null;
  now: Date;
  onEdit: (user: User) => void;
  onReset: (user: User) => void;
  onDelete: (user: User) => void;
  /** The user being deleted, whose row's buttons wait. */
  deletingId?: string | null;
  /** Shown in the table when no user is listed. */
  empty: ReactNode;
  /** A new answer is on its way (the rows shown are the previous filters'). */
  busy?: boolean;
}

/** The users table's columns: User, Username, Email, Role, Status, Last Active, Actions. */
export function UsersTable({
  users,
  me,
  now,
  onEdit,
  onReset,
  onDelete,
  deletingId,
  empty,
  busy = false,
}: UsersTableProps) {
  const showActivity = can.readAudit(me?.role);
  return (
    <Table aria-label="Users" aria-busy={busy || undefined} className={busy ? styles.busy : undefined}>
      <THead>
        <Tr>
          <Th>User</Th>
          <Th>Username</Th>
          <Th>Email</Th>
          <Th>Role</Th>
          <Th>Status</Th>
          <Th>Last Active</Th>
          <Th align="right">Actions</Th>
        </Tr>
      </THead>
      <TBody>
        {users.map((user) => {
          const name = userDisplayName(user);
          const manageable = mayResetOrDelete(me, user);
          return (
            <Tr key={user.id} data-testid={`user-row-${user.username}`}>
              <Td>
                <div className="kcf-row kcf-row--nowrap">
                  <Avatar name={name} src={user.profileImageUrl} size={36} />
                  <div>
                    <div className={styles.name}>{name}</div>
                    <div className="kcf-muted kcf-small">{ROLE_TITLES[user.role]}</div>
                  </div>
                </div>
              </Td>
              <Td className={styles.username}>{user.username}</Td>
              <Td className={styles.email}>{user.email ?? <span className="kcf-muted">-</span>}</Td>
              <Td>
                <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>
              </Td>
              <Td>
                <Badge tone={user.isActive ? 'green' : 'gray'}>
                  {USER_STATUS_LABELS[user.isActive ? 'active' : 'inactive']}
                </Badge>
              </Td>
              <Td>{lastActiveLabel(user, now)}</Td>
              <Td align="right">
                <div className={styles.actions}>
                  {showActivity && (
                    <Link
                      to={activityPath(user)}
                      className="kcf-btn kcf-btn--outline kcf-btn--sm"
                      aria-label={`Activity of ${name}`}
                    >
                      Activity
                    </Link>
                  )}
                  <Button variant="outline" size="sm" aria-label={`Edit ${name}`} onClick={() => onEdit(user)}>
                    Edit
                  </Button>
                  {manageable && (
                    <>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Reset Password for ${name}`}
                        onClick={() => onReset(user)}
                      >
                        Reset Password
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        aria-label={`Delete ${name}`}
                        loading={deletingId === user.id}
                        onClick={() => onDelete(user)}
                      >
                        Delete
                      </Button>
                    </>
                  )}
                </div>
              </Td>
            </Tr>
          );
        })}
        {users.length === 0 && (
          <Tr>
            <Td colSpan={COLUMN_COUNT}>{empty}</Td>
          </Tr>
        )}
      </TBody>
    </Table>
  );
}
