import { useQueryClient } from '@tanstack/react-query';
import { HouseholdMemberBody, type HouseholdMember } from '@kcf/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, RowActions, Table, TBody, Td, Th, THead, Tr } from '@kcf/ui';
import { PlusIcon } from '@kcf/ui/icons';
import { useDeleteConfirm } from '@kcf/web-kit';
import { RecordDialog, type FieldDef } from '../../../shared/record-dialog';
import { usePermissions } from '../../../shared/use-permissions';
import * as styles from './detail.module.css';
import { nestedRecords, refreshPart } from './records-api';

type MemberValues = { name: string; relationship: string; age: string };
const MEMBER_FIELDS: FieldDef<MemberValues>[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, wide: true },
  { name: 'relationship', label: 'Relationship', kind: 'text', required: true },
  { name: 'age', label: 'Age', kind: 'number', step: '1', min: '0', max: '130', required: true },
];

/** Add or edit a member of the child's household. */
export function HouseholdMemberDialog({ beneficiaryId, record, onClose }: { beneficiaryId: string; record: HouseholdMember | null; onClose: () => void }) {
  const client = useQueryClient();
  return (
    <RecordDialog<MemberValues>
      title={record ? 'Edit Household Member' : 'Add Household Member'}
      fields={MEMBER_FIELDS}
      initial={{ name: record?.name ?? '', relationship: record?.relationship ?? '', age: record ? String(record.age) : '' }}
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

interface Props {
  beneficiaryId: string;
  members: HouseholdMember[];
  onAdd: () => void;
  onEdit: (member: HouseholdMember) => void;
}

/** Name, relationship and age of each member; the page shows this card only when there are any. */
export function HouseholdCard({ beneficiaryId, members, onAdd, onEdit }: Props) {
  const { canWrite, canDelete } = usePermissions();
  const client = useQueryClient();
  const remove = useDeleteConfirm<HouseholdMember>({
    title: 'Delete Household Member',
    message: (m) => `Are you sure you want to delete ${m.name}? This action cannot be undone.`,
    run: (m) => nestedRecords.remove(beneficiaryId, 'household-members', m.id),
    after: () => refreshPart(client, beneficiaryId, 'household-members'),
    successMessage: 'Household member deleted successfully',
    failureMessage: 'Failed to delete household member',
    failureToast: { serverMessage: false },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Household Members</CardTitle>
        {canWrite && (
          <Button size="sm" variant="outline" icon={<PlusIcon />} onClick={onAdd}>
            Add Member
          </Button>
        )}
      </CardHeader>
      <CardContent className={styles.tableContent}>
        <div className={styles.fitTable}>
          <Table aria-label="Household members">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Relationship</Th>
                <Th>Age</Th>
                {(canWrite || canDelete) && <Th align="right">Actions</Th>}
              </Tr>
            </THead>
            <TBody>
              {members.map((m) => (
                <Tr key={m.id}>
                  <Td>{m.name}</Td>
                  <Td>{m.relationship}</Td>
                  <Td>{m.age}</Td>
                  {(canWrite || canDelete) && (
                    <Td align="right">
                      <span className={styles.endActions}>
                        <RowActions
                          name={m.name}
                          onEdit={canWrite ? () => onEdit(m) : undefined}
                          onDelete={canDelete ? () => remove.ask(m) : undefined}
                        />
                      </span>
                    </Td>
                  )}
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
      </CardContent>
      {remove.dialog}
    </Card>
  );
}
