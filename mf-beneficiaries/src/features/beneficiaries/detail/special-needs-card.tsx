import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  SPECIAL_NEED_CATEGORY_LABELS,
  SPECIAL_NEED_STATUS_LABELS,
  type SpecialNeed,
  type SpecialNeedStatus,
} from '@kcf/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  DialogLoading,
  EmptyState,
  RowActions,
  Skeleton,
  type BadgeTone,
} from '@kcf/ui';
import { PlusIcon } from '@kcf/ui/icons';
import { formatDate, useDeleteConfirm } from '@kcf/web-kit';
import { useMedicalWithdrawn } from '../consent/medical-consent';
import { usePermissions } from '../../../shared/use-permissions';
import * as styles from './detail.module.css';
import { refreshPart, specialNeedRecords, usePart } from './records-api';

// The form (and the schema it checks with) loads when it is first opened.
const SpecialNeedDialog = lazy(() => import(/* webpackChunkName: "special-need-dialog" */ './special-need-dialog'));

const STATUS_TONES: Record<SpecialNeedStatus, BadgeTone> = { active: 'red', ongoing: 'yellow', resolved: 'green' };

/** Special Needs Management: the child's entries; add and edit for staff who write, delete for superadmins. */
export function SpecialNeedsCard({ beneficiaryId }: { beneficiaryId: string }) {
  const { canWrite, canDelete } = usePermissions();
  const client = useQueryClient();
  const needs = usePart(beneficiaryId, 'special-needs');
  // The server refuses health details while medical consent is withdrawn: not offered, and a health entry not editable.
  const medicalWithdrawn = useMedicalWithdrawn(beneficiaryId);
  const [editing, setEditing] = useState<{ need: SpecialNeed | null } | null>(null);
  const remove = useDeleteConfirm<SpecialNeed>({
    title: 'Delete Special Need',
    message: (n) =>
      `Are you sure you want to delete the ${SPECIAL_NEED_CATEGORY_LABELS[n.category]} special need entry? This action cannot be undone.`,
    run: (n) => specialNeedRecords.remove(n.id),
    after: () => refreshPart(client, beneficiaryId, 'special-needs'),
    successMessage: 'Special need entry deleted successfully',
    failureMessage: 'Failed to delete special need entry',
    failureToast: { serverMessage: false },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Special Needs Management</CardTitle>
        {canWrite && (
          <Button size="sm" icon={<PlusIcon />} onClick={() => setEditing({ need: null })}>
            Add Special Need
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {needs.isPending ? (
          <Skeleton height={48} />
        ) : (needs.data ?? []).length === 0 ? (
          <EmptyState message="No special needs recorded for this beneficiary." />
        ) : (
          <ul className={styles.list} aria-label="Special needs">
            {(needs.data ?? []).map((n) => (
              <li key={n.id} className={styles.item}>
                <div className={styles.itemMain}>
                  <div className={styles.needHead}>
                    <strong>{SPECIAL_NEED_CATEGORY_LABELS[n.category]}</strong>
                    <Badge tone={STATUS_TONES[n.status]}>{SPECIAL_NEED_STATUS_LABELS[n.status]}</Badge>
                  </div>
                  <p className={styles.needText}>{n.description}</p>
                  <p className={styles.needMeta}>
                    Identified {formatDate(n.dateIdentified)}
                    {n.dateResolved && <> · Resolved {formatDate(n.dateResolved)}</>}
                  </p>
                  {n.notes && <p className={styles.needMeta}>{n.notes}</p>}
                </div>
                {(canWrite || canDelete) && (
                  <span className={styles.itemActions}>
                    <RowActions
                      name={`${SPECIAL_NEED_CATEGORY_LABELS[n.category]} special need`}
                      onEdit={
                        canWrite && !(medicalWithdrawn && n.category === 'health')
                          ? () => setEditing({ need: n })
                          : undefined
                      }
                      onDelete={canDelete ? () => remove.ask(n) : undefined}
                    />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing && (
        <Suspense fallback={<DialogLoading />}>
          <SpecialNeedDialog
            beneficiaryId={beneficiaryId}
            need={editing.need}
            medicalWithdrawn={medicalWithdrawn}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {remove.dialog}
    </Card>
  );
}
