import { useEffect, useState, type ReactNode } from 'react';
import { can, userDisplayName, UserListQuery, type Role, type User } from '@kcf/contracts';
import { Button, Card, CardContent, EmptyState, ErrorCard, PageHeader, Skeleton, Stack } from '@kcf/ui';
import { errorMessageOf, now, useCurrentUser, useNotify } from '@kcf/web-kit';
import { useListParams } from '@kcf/web-kit/lists';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { filtersOf, isFiltered, NO_FILTERS, USER_LIST_KEYS } from './user-filters';
import { UserFiltersCard } from './user-filters-card';
import { deleteConfirmation } from './user-rules';
import { USER_LIST_TEXTS, USER_TEXTS, deleteFailureText } from './user-texts';
import { USER_PAGE_SIZE, useDeleteUser, useUserPages } from './users-api';
import { UsersTable } from './users-table';

type OpenDialog = { kind: 'create'; role: Role } | { kind: 'edit'; user: User } | { kind: 'reset'; user: User } | null;

function TableSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading users">
      <CardContent>
        <Stack>
          {[0, 1, 2, 3].map((row) => (
            <Stack key={row} direction="horizontal" nowrap>
              <Skeleton width={36} height={36} circle />
              <Skeleton width="30%" height={16} />
              <Skeleton width="25%" height={16} />
              <Skeleton width={64} height={20} />
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /users, User Management. Its filters and the rows shown are kept in the address (a reload or a link gives the same list). */
export function UsersPage() {
  const { user: me } = useCurrentUser();
  const notify = useNotify();
  const params = useListParams({ keys: USER_LIST_KEYS, schema: UserListQuery, pageSize: USER_PAGE_SIZE });
  const filters = filtersOf(params.values);
  const setFilters = params.set;
  const users = useUserPages(filtersOf(params.listed ?? {}), params.firstPageLimit);
  const list = users.data?.pages.flatMap((page) => page.items);
  const { showRows } = params;
  useEffect(() => showRows(list?.length ?? 0), [showRows, list?.length]);
  const remove = useDeleteUser();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const isSuperadmin = can.manageUsers(me?.role);

  if (!isSuperadmin) {
    return (
      <Stack>
        <Header />
        <EmptyState
          title="User Management is for Super Admins"
          message="Ask a Super Admin if you need an account changed."
        />
      </Stack>
    );
  }

  const deleteUser = (user: User) => {
    if (!window.confirm(deleteConfirmation(userDisplayName(user)))) return;
    remove.mutate(user.id, {
      onSuccess: () => notify.success(USER_TEXTS.deleted),
      onError: (error) =>
        notify.failure(error, deleteFailureText(error), { serverMessage: false, unauthorized: 'dash' }),
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
    <Stack>
      <Header action={createButton('Create User', 'viewer')} />
      <UserFiltersCard filters={filters} onChange={setFilters} errors={params.errors} />
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
        <Stack direction="horizontal">
          <Button variant="outline" loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
            Load more
          </Button>
        </Stack>
      )}
      <Stack direction="horizontal">{createButton('Add Admin User', 'admin')}</Stack>
      {dialog?.kind === 'create' && <CreateUserDialog initialRole={dialog.role} onClose={close} />}
      {dialog?.kind === 'edit' && <EditUserDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'reset' && <ResetPasswordDialog user={dialog.user} onClose={close} />}
    </Stack>
  );
}

function Header({ action }: { action?: ReactNode }) {
  return <PageHeader title="User Management" subtitle="Manage user accounts and permissions" actions={action} />;
}
