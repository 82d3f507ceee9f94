import { useQueryClient } from '@tanstack/react-query';
import type { HouseholdMember } from '@kcf/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, RowActions, Table, TBody, Td, Th, THead, Tr } from '@kcf/ui';
import { PlusIcon } from '@kcf/ui/icons';
import { useDeleteConfirm } from '@kcf/web-kit';
import { usePermissions } from '../../../shared/use-permissions';
import * as styles from './detail.module.css';
import { nestedRecords, refreshPart } from './records-api';

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
