import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Gift } from '@kcf/contracts';
import { Button, EmptyState, ErrorCard, PageHeader, Stack } from '@kcf/ui';
import { PlusIcon } from '@kcf/ui/icons';
import { formatMoney, useDeleteConfirm } from '@kcf/web-kit';
import { useListParams } from '@kcf/web-kit/lists';
import { loadErrorText } from '../../shared/load-error';
import { usePermissions } from '../../shared/use-permissions';
import { GiftCard, GiftCardSkeleton } from './gift-card';
import { GiftFiltersBar } from './gift-filters-bar';
import {
  GIFT_LIST_KEYS,
  giftFiltersOf,
  giftValuesOf,
  hasGiftFilters,
  NO_GIFT_FILTERS,
  type GiftFilters,
} from './gift-list-state';
import { deleteGift, GIFT_PAGE_SIZE, giftKeys, useGiftPages, useGiftTotals } from './gifts-api';
import * as styles from './gifts.module.css';

const GiftDialog = lazy(() => import(/* webpackChunkName: "gift-dialog" */ './gift-dialog'));
/**
 * The query schema checks the address's filters before the list asks for them (a From date after the To date says so
 * under the date instead of failing the list), in a chunk of its own loaded only once a filter is set: the page that
 * only shows gifts loads no zod.
 */
const loadQuery = () =>
  import(/* webpackChunkName: "gift-list-query" */ './gift-list-query').then((m) => m.GiftListQuery);

const SKELETON_CARDS = 6;
export const EMPTY_GIFTS_TEXT = 'No gifts found. Start by adding your first gift.';
export const NO_MATCHING_GIFTS_TEXT = 'No gifts match these filters.';

/** "12 gifts · KSH 30,500.50": the gifts matching the filters, and their amount. */
export function giftTotalsText(count: number, amount: string): string {
  return `${count} ${count === 1 ? 'gift' : 'gifts'} · ${formatMoney(amount, 'KSH')}`;
}

/**
 * /gifts: Christmas and special gifts as a 3-column grid of cards, searched, filtered and ordered by date on
 * the server (the filters and the cards shown are kept in the address), with how many match and their amount.
 */
export function GiftsGridPage() {
  const { canWrite, canDelete } = usePermissions();
  const client = useQueryClient();
  const params = useListParams({ keys: GIFT_LIST_KEYS, schema: loadQuery, pageSize: GIFT_PAGE_SIZE });
  const filters = giftFiltersOf(params.values);
  const listed = params.listed && giftFiltersOf(params.listed);
  const setFilters = (next: GiftFilters) => params.set(giftValuesOf(next));
  const filtered = hasGiftFilters(listed ?? filters);
  const gifts = useGiftPages(listed, params.firstPageLimit);
  const totals = useGiftTotals(listed);
  const [editing, setEditing] = useState<{ gift: Gift | null } | null>(null);
  const remove = useDeleteConfirm<Gift>({
    title: 'Delete Gift',
    message: (g) =>
      `Are you sure you want to delete this gift for ${g.beneficiary.fullName}? This action cannot be undone.`,
    run: (g) => deleteGift(g.id),
    after: () => client.invalidateQueries({ queryKey: giftKeys.all }),
    successMessage: 'Gift deleted successfully',
    failureMessage: 'Failed to delete gift',
    failureToast: { serverMessage: false },
  });

  const rows = gifts.data?.pages.flatMap((page) => page.items) ?? [];
  const skeletons = gifts.isPending || listed === null ? SKELETON_CARDS : gifts.isFetchingNextPage ? 3 : 0;
  const { showRows } = params;
  useEffect(() => showRows(rows.length), [showRows, rows.length]);

  return (
    <Stack>
      <PageHeader
        title="Gifts"
        subtitle="Manage Christmas and Special gifts for beneficiaries"
        actions={
          canWrite && (
            <Button icon={<PlusIcon size={18} />} onClick={() => setEditing({ gift: null })}>
              Add Gift
            </Button>
          )
        }
      >
        <p className="kcf-muted kcf-small" aria-live="polite">
          {totals.data ? giftTotalsText(totals.data.count, totals.data.amount) : '\u00a0'}
        </p>
      </PageHeader>

      <GiftFiltersBar filters={filters} onChange={setFilters} errors={params.errors} />

      {gifts.isError && !gifts.data ? (
        <ErrorCard
          title="Could not load gifts"
          message={loadErrorText(gifts.error)}
          onRetry={() => gifts.refetch()}
          retrying={gifts.isFetching}
        />
      ) : rows.length === 0 && skeletons === 0 ? (
        <div className="kcf-card">
          {filtered ? (
            <EmptyState
              message={NO_MATCHING_GIFTS_TEXT}
              action={
                <Button variant="outline" onClick={() => setFilters({ ...NO_GIFT_FILTERS, dir: filters.dir })}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState message={EMPTY_GIFTS_TEXT} />
          )}
        </div>
      ) : (
        <div className="kcf-grid kcf-grid--3" aria-busy={skeletons > 0 || undefined}>
          {rows.map((gift) => (
            <GiftCard
              key={gift.id}
              gift={gift}
              canWrite={canWrite}
              canDelete={canDelete}
              onEdit={(g) => setEditing({ gift: g })}
              onDelete={remove.ask}
            />
          ))}
          {Array.from({ length: skeletons }, (_, i) => (
            <GiftCardSkeleton key={`skeleton-${i}`} />
          ))}
        </div>
      )}

      {gifts.hasNextPage && (
        <div className={styles.more}>
          <Button variant="outline" loading={gifts.isFetchingNextPage} onClick={() => gifts.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}

      {editing && (
        <Suspense fallback={null}>
          <GiftDialog gift={editing.gift} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {remove.dialog}
    </Stack>
  );
}
