import { useQueryClient } from '@tanstack/react-query';
import { HouseholdMemberBody, type HouseholdMember } from '@kcf/contracts';
import { RecordDialog, type FieldDef } from '../../../shared/record-dialog';
import { nestedRecords, refreshPart } from './records-api';

type MemberValues = { name: string; relationship: string; age: string };
const MEMBER_FIELDS: FieldDef<MemberValues>[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, wide: true },
  { name: 'relationship', label: 'Relationship', kind: 'text', required: true },
  { name: 'age', label: 'Age', kind: 'number', step: '1', min: '0', max: '130', required: true },
];

/** Add or edit a member of the child's household. */
export default function HouseholdMemberDialog({
  beneficiaryId,
  record,
  onClose,
}: {
  beneficiaryId: string;
  record: HouseholdMember | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  return (
    <RecordDialog<MemberValues>
      title={record ? 'Edit Household Member' : 'Add Household Member'}
      fields={MEMBER_FIELDS}
      initial={{
        name: record?.name ?? '',
        relationship: record?.relationship ?? '',
        age: record ? String(record.age) : '',
      }}
      schema={HouseholdMemberBody}
      submitLabel={record ? 'Update Member' : 'Add Member'}
      onSubmit={async (values) => {
        if (record) await nestedRecords.update(beneficiaryId, 'household-members', record.id, values);
        else await nestedRecords.create(beneficiaryId, 'household-members', values);
        await refreshPart(client, beneficiaryId, 'household-members');
      }}
      onClose={onClose}
      successMessage={`Household member ${record ? 'updated' : 'created'} successfully`}
      failureMessage={`Failed to ${record ? 'update' : 'create'} household member`}
    />
  );
}
