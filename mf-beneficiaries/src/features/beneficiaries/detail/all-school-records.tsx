import { useState, type ReactNode } from 'react';
import type { SchoolFee, SchoolPerformance } from '@kcf/contracts';
import { Dialog, Field, Select } from '@kcf/ui';
import { byTermAndYear } from './recent';
import { RecordList, type RecordItem } from './record-list';

interface Props<T extends SchoolFee | SchoolPerformance> {
  title: string;
  rows: readonly T[];
  /** A row as the list shows it. */
  item: (row: T) => RecordItem;
  empty: string;
  onClose: () => void;
}

/**
 * Every performance or fee entry of the child (the card shows the 3 most recent), by term and year either way.
 * A child's entries come whole from the server (a few per term), so they are ordered here.
 */
export function AllSchoolRecords<T extends SchoolFee | SchoolPerformance>({
  title,
  rows,
  item,
  empty,
  onClose,
}: Props<T>): ReactNode {
  const [dir, setDir] = useState<'asc' | 'desc'>('desc');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={`${rows.length} ${rows.length === 1 ? 'entry' : 'entries'}`}
      size="lg"
    >
      <Field label="Sort by term and year">
        <Select
          value={dir}
          onChange={(e) => setDir(e.target.value === 'asc' ? 'asc' : 'desc')}
          options={['desc', 'asc']}
          labels={{ desc: 'Latest first', asc: 'Earliest first' }}
        />
      </Field>
      <RecordList loading={false} empty={empty} items={byTermAndYear(rows, dir).map(item)} />
    </Dialog>
  );
}
