import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  SPECIAL_NEED_CATEGORIES,
  SPECIAL_NEED_CATEGORY_LABELS,
  SPECIAL_NEED_STATUSES,
  SPECIAL_NEED_STATUS_LABELS,
  SpecialNeedBody,
  toIsoDate,
  type SpecialNeed,
  type SpecialNeedStatus,
} from '@kcf/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, RowActions, Skeleton, type BadgeTone } from '@kcf/ui';
import { PlusIcon } from '@kcf/ui/icons';
import { formatDate, now, useDeleteConfirm } from '@kcf/web-kit';
import { RecordDialog, type FieldDef } from '../../../shared/record-dialog';
import { MEDICAL_WITHDRAWN_NOTE, useMedicalWithdrawn } from '../consent/medical-consent';
import { usePermissions } from '../../../shared/use-permissions';
import * as styles from './detail.module.css';
import { refreshPart, specialNeedRecords, usePart } from './records-api';

const STATUS_TONES: Record<SpecialNeedStatus, BadgeTone> = { active: 'red', ongoing: 'yellow', resolved: 'green' };

type NeedValues = {
  category: string;
  description: string;
  status: string;
  dateIdentified: string;
  dateResolved: string;
  notes: string;
};

const NEED_FIELDS: FieldDef<NeedValues>[] = [
  {
    name: 'category',
    label: 'Category',
    kind: 'select',
    required: true,
    options: SPECIAL_NEED_CATEGORIES,
    labels: SPECIAL_NEED_CATEGORY_LABELS,
  },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    required: true,
    options: SPECIAL_NEED_STATUSES,
    labels: SPECIAL_NEED_STATUS_LABELS,
  },
  { name: 'description', label: 'Description', kind: 'textarea', required: true },
  { name: 'dateIdentified', label: 'Date Identified', kind: 'date', required: true },
  // The date resolved field appears only when the status is resolved.
  { name: 'dateResolved', label: 'Date Resolved', kind: 'date', visible: (v) => v.status === 'resolved' },
  { name: 'notes', label: 'Notes', kind: 'textarea' },
];

/** The fields while medical consent is withdrawn: no health category, and a note saying why. */
const NEED_FIELDS_WITHOUT_HEALTH: FieldDef<NeedValues>[] = NEED_FIELDS.map((field) =>
  field.name === 'category' ? { ...field, options: SPECIAL_NEED_CATEGORIES.filter((c) => c !== 'health'), hint: MEDICAL_WITHDRAWN_NOTE } : field,
);

function valuesOf(need: SpecialNeed | null): NeedValues {
  return {
    category: need?.category ?? '',
    description: need?.description ?? '',
    status: need?.status ?? 'active',
    dateIdentified: need?.dateIdentified ?? toIsoDate(now()),
    dateResolved: need?.dateResolved ?? '',
    notes: need?.notes ?? '',
  };
}

/** dateResolved travels only with the resolved status, otherwise null. */
function bodyOf(values: NeedValues) {
  return {
    ...values,
    dateResolved: values.status === 'resolved' && values.dateResolved ? values.dateResolved : null,
    notes: values.notes.trim() ? values.notes : null,
  };
}

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

  const save = async (values: NeedValues) => {
    const body = bodyOf(values);
    if (editing?.need) await specialNeedRecords.update(editing.need.id, body);
    else await specialNeedRecords.create(beneficiaryId, body);
    await refreshPart(client, beneficiaryId, 'special-needs');
  };

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
                      onEdit={canWrite && !(medicalWithdrawn && n.category === 'health') ? () => setEditing({ need: n }) : undefined}
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
        <RecordDialog<NeedValues>
          title={editing.need ? 'Edit Special Need' : 'Add Special Need'}
          fields={medicalWithdrawn ? NEED_FIELDS_WITHOUT_HEALTH : NEED_FIELDS}
          initial={valuesOf(editing.need)}
          schema={SpecialNeedBody}
          submitLabel={editing.need ? 'Update Entry' : 'Add Entry'}
          onSubmit={save}
          onClose={() => setEditing(null)}
          successMessage={`Special need entry ${editing.need ? 'updated' : 'created'} successfully`}
          failureMessage={`Failed to ${editing.need ? 'update' : 'create'} special need entry`}
        />
      )}
      {remove.dialog}
    </Card>
  );
}
