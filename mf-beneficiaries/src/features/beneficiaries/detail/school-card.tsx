import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { gradeLevelLabel, type Beneficiary, type SchoolFee, type SchoolPerformance } from '@kcf/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, DialogLoading } from '@kcf/ui';
import { PlusIcon } from '@kcf/ui/icons';
import { formatMoney, useDeleteConfirm } from '@kcf/web-kit';
import { usePermissions } from '../../../shared/use-permissions';
import * as styles from './detail.module.css';
import { AllSchoolRecords } from './all-school-records';
import { RecordList, type RecordItem } from './record-list';
import { RECENT_COUNT, sortFees, sortPerformance } from './recent';
import { nestedRecords, refreshPart, usePart } from './records-api';

// The forms (and the schemas they check with) load when one is first opened.
const loadForms = () => import(/* webpackChunkName: "school-forms" */ './school-forms');
const PerformanceDialog = lazy(() => loadForms().then((forms) => ({ default: forms.PerformanceDialog })));
const FeeDialog = lazy(() => loadForms().then((forms) => ({ default: forms.FeeDialog })));

/** The whole list of one kind, opened from "View all". */
type Viewing = 'performance' | 'fee' | null;

type Editing =
  { kind: 'performance'; record: SchoolPerformance | null } | { kind: 'fee'; record: SchoolFee | null } | null;

/** School name and grade, the 3 most recent performance entries and the 3 most recent fees. */
export function SchoolCard({ beneficiary: b }: { beneficiary: Beneficiary }) {
  const { canWrite, canDelete } = usePermissions();
  const client = useQueryClient();
  const performance = usePart(b.id, 'school-performance');
  const fees = usePart(b.id, 'school-fees');
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<Viewing>(null);

  const removePerformance = useDeleteConfirm<SchoolPerformance>({
    title: 'Delete Performance Entry',
    message: (p) => `Are you sure you want to delete ${p.subject} - ${p.term}? This action cannot be undone.`,
    run: (p) => nestedRecords.remove(b.id, 'school-performance', p.id),
    after: () => refreshPart(client, b.id, 'school-performance'),
    successMessage: 'School performance entry deleted successfully',
    failureMessage: 'Failed to delete school performance entry',
    failureToast: { serverMessage: false },
  });
  const removeFee = useDeleteConfirm<SchoolFee>({
    title: 'Delete School Fee',
    message: (f) => `Are you sure you want to delete the ${f.term} ${f.year} fee? This action cannot be undone.`,
    run: (f) => nestedRecords.remove(b.id, 'school-fees', f.id),
    after: () => refreshPart(client, b.id, 'school-fees'),
    successMessage: 'School fee entry deleted successfully',
    failureMessage: 'Failed to delete school fee entry',
    failureToast: { serverMessage: false },
  });

  const recentPerformance = sortPerformance(performance.data ?? []).slice(0, RECENT_COUNT);
  const recentFees = sortFees(fees.data ?? []).slice(0, RECENT_COUNT);
  const performanceItem = (p: SchoolPerformance): RecordItem => ({
    id: p.id,
    label: `${p.subject} - ${p.term}`,
    main: (
      <>
        {p.subject} - {p.term}
      </>
    ),
    side: <Badge tone="blue">{p.grade}</Badge>,
    onEdit: canWrite ? () => setEditing({ kind: 'performance', record: p }) : undefined,
    onDelete: canDelete ? () => removePerformance.ask(p) : undefined,
  });
  const feeItem = (f: SchoolFee): RecordItem => ({
    id: f.id,
    label: `${f.term} ${f.year}`,
    main: (
      <>
        {f.term} {f.year}
      </>
    ),
    side: <span className={styles.amount}>{formatMoney(f.amount, 'KSH')}</span>,
    onEdit: canWrite ? () => setEditing({ kind: 'fee', record: f }) : undefined,
    onDelete: canDelete ? () => removeFee.ask(f) : undefined,
  });
  const viewAll = (kind: 'performance' | 'fee', count: number) =>
    count > RECENT_COUNT && (
      <Button size="sm" variant="ghost" onClick={() => setViewing(kind)}>
        View all ({count})
      </Button>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>School Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>School Name</dt>
            <dd>{b.schoolName}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Grade Level</dt>
            <dd>{gradeLevelLabel(b.gradeLevel)}</dd>
          </div>
        </dl>

        <div className={styles.subhead}>
          <h3>Recent Performance</h3>
          {canWrite && (
            <Button
              size="sm"
              variant="outline"
              icon={<PlusIcon />}
              onClick={() => setEditing({ kind: 'performance', record: null })}
            >
              Add Performance
            </Button>
          )}
        </div>
        <RecordList
          loading={performance.isPending}
          empty="No performance records yet."
          items={recentPerformance.map(performanceItem)}
        />
        {viewAll('performance', performance.data?.length ?? 0)}

        <div className={styles.subhead}>
          <h3>Recent Fees</h3>
          {canWrite && (
            <Button
              size="sm"
              variant="outline"
              icon={<PlusIcon />}
              onClick={() => setEditing({ kind: 'fee', record: null })}
            >
              Add Fee
            </Button>
          )}
        </div>
        <RecordList loading={fees.isPending} empty="No fee records yet." items={recentFees.map(feeItem)} />
        {viewAll('fee', fees.data?.length ?? 0)}
      </CardContent>

      {editing && (
        <Suspense fallback={<DialogLoading />}>
          {editing.kind === 'performance' ? (
            <PerformanceDialog beneficiaryId={b.id} record={editing.record} onClose={() => setEditing(null)} />
          ) : (
            <FeeDialog beneficiaryId={b.id} record={editing.record} onClose={() => setEditing(null)} />
          )}
        </Suspense>
      )}
      {viewing === 'performance' && (
        <AllSchoolRecords
          title="All Performance"
          rows={performance.data ?? []}
          item={performanceItem}
          empty="No performance records yet."
          onClose={() => setViewing(null)}
        />
      )}
      {viewing === 'fee' && (
        <AllSchoolRecords
          title="All Fees"
          rows={fees.data ?? []}
          item={feeItem}
          empty="No fee records yet."
          onClose={() => setViewing(null)}
        />
      )}
      {removePerformance.dialog}
      {removeFee.dialog}
    </Card>
  );
}
