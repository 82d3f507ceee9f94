import { useQueryClient } from '@tanstack/react-query';
import {
  SPECIAL_NEED_CATEGORIES,
  SPECIAL_NEED_CATEGORY_LABELS,
  SPECIAL_NEED_STATUSES,
  SPECIAL_NEED_STATUS_LABELS,
  SpecialNeedBody,
  toIsoDate,
  type SpecialNeed,
} from '@kcf/contracts';
import { now } from '@kcf/web-kit';
import { RecordDialog, type FieldDef } from '../../../shared/record-dialog';
import { MEDICAL_WITHDRAWN_NOTE } from '../consent/medical-consent';
import { refreshPart, specialNeedRecords } from './records-api';

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
  field.name === 'category'
    ? { ...field, options: SPECIAL_NEED_CATEGORIES.filter((c) => c !== 'health'), hint: MEDICAL_WITHDRAWN_NOTE }
    : field,
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

interface SpecialNeedDialogProps {
  beneficiaryId: string;
  /** The entry to edit, or null to add one. */
  need: SpecialNeed | null;
  /** Medical consent is withdrawn: the health category is not offered. */
  medicalWithdrawn: boolean;
  onClose: () => void;
}

/** Add or edit one of the child's special needs. */
export default function SpecialNeedDialog({ beneficiaryId, need, medicalWithdrawn, onClose }: SpecialNeedDialogProps) {
  const client = useQueryClient();
  const save = async (values: NeedValues) => {
    const body = bodyOf(values);
    if (need) await specialNeedRecords.update(need.id, body);
    else await specialNeedRecords.create(beneficiaryId, body);
    await refreshPart(client, beneficiaryId, 'special-needs');
  };
  return (
    <RecordDialog<NeedValues>
      title={need ? 'Edit Special Need' : 'Add Special Need'}
      fields={medicalWithdrawn ? NEED_FIELDS_WITHOUT_HEALTH : NEED_FIELDS}
      initial={valuesOf(need)}
      schema={SpecialNeedBody}
      submitLabel={need ? 'Update Entry' : 'Add Entry'}
      onSubmit={save}
      onClose={onClose}
      successMessage={`Special need entry ${need ? 'updated' : 'created'} successfully`}
      failureMessage={`Failed to ${need ? 'update' : 'create'} special need entry`}
    />
  );
}
