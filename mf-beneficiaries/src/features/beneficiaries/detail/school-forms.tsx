import { useQueryClient } from '@tanstack/react-query';
import { now } from '@kcf/web-kit';
import {
  SchoolFeeBody,
  SchoolPerformanceBody,
  TERMS,
  foundationToday,
  type SchoolFee,
  type SchoolPerformance,
} from '@kcf/contracts';
import { RecordDialog, type FieldDef } from '../../../shared/record-dialog';
import { nestedRecords, refreshPart } from './records-api';

type PerformanceValues = { subject: string; term: string; grade: string };
const PERFORMANCE_FIELDS: FieldDef<PerformanceValues>[] = [
  { name: 'subject', label: 'Subject', kind: 'text', required: true, wide: true },
  { name: 'term', label: 'Term', kind: 'select', options: TERMS, required: true },
  { name: 'grade', label: 'Grade', kind: 'text', required: true },
];

/** Add or edit one subject's grade for a term. */
export function PerformanceDialog({
  beneficiaryId,
  record,
  onClose,
}: {
  beneficiaryId: string;
  record: SchoolPerformance | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const verb = record ? 'updated' : 'created';
  return (
    <RecordDialog<PerformanceValues>
      title={record ? 'Edit Performance Entry' : 'Add Performance Entry'}
      fields={PERFORMANCE_FIELDS}
      initial={{ subject: record?.subject ?? '', term: record?.term ?? '', grade: record?.grade ?? '' }}
      schema={SchoolPerformanceBody}
      submitLabel={record ? 'Update Entry' : 'Add Entry'}
      onSubmit={async (values) => {
        if (record) await nestedRecords.update(beneficiaryId, 'school-performance', record.id, values);
        else await nestedRecords.create(beneficiaryId, 'school-performance', values);
        await refreshPart(client, beneficiaryId, 'school-performance');
      }}
      onClose={onClose}
      successMessage={`School performance entry ${verb} successfully`}
      failureMessage={`Failed to ${record ? 'update' : 'create'} school performance entry`}
    />
  );
}

type FeeValues = { term: string; year: string; amount: string };
const FEE_FIELDS: FieldDef<FeeValues>[] = [
  { name: 'term', label: 'Term', kind: 'select', options: TERMS, required: true },
  { name: 'year', label: 'Year', kind: 'number', step: '1', min: '2000', max: '2100', required: true },
  { name: 'amount', label: 'Amount (KSH)', kind: 'number', step: '0.01', min: '0', required: true, wide: true },
];

/** Add or edit the school fees of a term. */
export function FeeDialog({
  beneficiaryId,
  record,
  onClose,
}: {
  beneficiaryId: string;
  record: SchoolFee | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const verb = record ? 'updated' : 'created';
  return (
    <RecordDialog<FeeValues>
      title={record ? 'Edit School Fee' : 'Add School Fee'}
      fields={FEE_FIELDS}
      initial={{
        term: record?.term ?? '',
        year: String(record?.year ?? foundationToday(now()).slice(0, 4)),
        amount: record?.amount ?? '',
      }}
      schema={SchoolFeeBody}
      submitLabel={record ? 'Update Fee' : 'Add Fee'}
      onSubmit={async (values) => {
        if (record) await nestedRecords.update(beneficiaryId, 'school-fees', record.id, values);
        else await nestedRecords.create(beneficiaryId, 'school-fees', values);
        await refreshPart(client, beneficiaryId, 'school-fees');
      }}
      onClose={onClose}
      successMessage={`School fee entry ${verb} successfully`}
      failureMessage={`Failed to ${record ? 'update' : 'create'} school fee entry`}
    />
  );
}
