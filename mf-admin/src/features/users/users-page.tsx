import { useState, type ReactNode } from 'react';
import { can, userDisplayName, type Role, type User } from '@kcf/contracts';
import { Button, Card, CardContent, EmptyState, ErrorCard, Skeleton } from '@kcf/ui';
import { errorMessageOf, now, useCurrentUser, useNotify } from '@kcf/web-kit';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { isFiltered, NO_FILTERS, type UserFilters } from './user-filters';
import { UserFiltersCard } from './user-filters-card';
import { deleteConfirmation } from './user-rules';
import { USER_LIST_TEXTS, USER_TEXTS, deleteFailureText } from './user-texts';
import { useDeleteUser, useUserPages } from './users-api';
import { UsersTable } from './users-table';

type OpenDialog = { kind: 'create'; role: Role } | { kind: 'edit'; user: User } | { kind: 'reset'; user: User } | null;

function TableSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading users">
      <CardContent>
        <div className="kcf-stack">
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="kcf-row kcf-row--nowrap">
              <Skeleton width={36} height={36} circle />
              <Skeleton width="30%" height={16} />
              <Skeleton width="25%" height={16} />
              <Skeleton width={64} height={20} />
            </div>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

/** /users, User Management. */
export function UsersPage() {
  const { user: me } = useCurrentUser();
  const notify = useNotify();
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const users = useUserPages(filters);
  const list = users.data?.pages.flatMap((page) => page.items);
  const remove = useDeleteUser();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const isSuperadmin = can.manageUsers(me?.role);

  if (!isSuperadmin) {
    return (
      <div className="kcf-stack">
        <Header />
        <EmptyState title="User Management is for Super Admins" message="Ask a Super Admin if you need an account changed." />
      </div>
    );
  }

  const deleteUser = (user: User) => {
    if (!window.confirm(deleteConfirmation(userDisplayName(user)))) return;
    remove.mutate(user.id, {
      onSuccess: () => notify.success(USER_TEXTS.deleted),
      onError: (error) => notify.failure(error, deleteFailureText(error), { serverMessage: false, unauthorized: 'dash' }),
    });
  };

  const close = () => setDialog(null);
  const createButton = (label: string, role: Role) => (
    <Button onClick={() => setDialog({ kind: 'create', role })}>{label}</Button>
  );

  const empty = isFiltered(filters) ? (
    <EmptyState
      message={USER_LIST_TEXTS.noMatch}
      action={
        <Button variant="outline" size="sm" onClick={() => setFilters(NO_FILTERS)}>
          {USER_LIST_TEXTS.clearFilters}
        </Button>
      }
    />
  ) : (
    <EmptyState message={USER_LIST_TEXTS.empty} />
  );

  return (
    <div className="kcf-stack">
      <Header action={createButton('Create User', 'viewer')} />
      <UserFiltersCard filters={filters} onChange={setFilters} />
      {list ? (
        <Card>
          <UsersTable
            users={list}
            me={me}
            now={now()}
            onEdit={(user) => setDialog({ kind: 'edit', user })}
            onReset={(user) => setDialog({ kind: 'reset', user })}
            onDelete={deleteUser}
            deletingId={remove.isPending ? remove.variables : null}
            empty={empty}
            busy={users.isPlaceholderData}
          />
        </Card>
      ) : users.isError ? (
        <ErrorCard
          title="Users could not be loaded"
          message={errorMessageOf(users.error, users.error.message)}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <TableSkeleton />
      )}
      {users.hasNextPage && (
        <div className="kcf-row">
          <Button variant="outline" loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
      <div className="kcf-row">{createButton('Add Admin User', 'admin')}</div>
      {dialog?.kind === 'create' && <CreateUserDialog initialRole={dialog.role} onClose={close} />}
      {dialog?.kind === 'edit' && <EditUserDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'reset' && <ResetPasswordDialog user={dialog.user} onClose={close} />}
    </div>
  );
}

function Header({ action }: { action?: ReactNode }) {
  return (
    <header className="kcf-page-header">
      <div>
        <h1 className="kcf-page-title">User Management</h1>
        <p className="kcf-page-subtitle">Manage user accounts and permissions</p>
      </div>
      {action}
    </header>
  );
}
