import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  activeLabel,
  countyLabel,
  gradeLevelLabel,
  phoneForDisplay,
  type Beneficiary,
  type BeneficiarySortField,
} from '@kcf/contracts';
import { Avatar, Badge, IconButton, Skeleton, Table, TBody, Td, Th, THead, Tr } from '@kcf/ui';
import { EyeIcon, PencilIcon, TrashIcon } from '@kcf/ui/icons';
import { thumbnailSrc, type ListSort } from '../api';
import * as links from '../../../shared/links.module.css';
import * as styles from '../beneficiaries.module.css';

const THUMB_PX = 40;
const COLUMN_COUNT = 11;

interface Props {
  rows: Beneficiary[];
  sort: ListSort;
  /** Sorts by a column; without it (a list of one child) the headers do not sort. */
  onSort?: (field: BeneficiarySortField) => void;
  /** Rows of placeholders shown where rows are still coming. */
  skeletonRows: number;
  busy: boolean;
  canWrite: boolean;
  canDelete: boolean;
  onView: (b: Beneficiary) => void;
  onEdit: (b: Beneficiary) => void;
  onDelete: (b: Beneficiary) => void;
  empty: ReactNode;
}

export function BeneficiariesTable(props: Props) {
  const { rows, sort, onSort, skeletonRows, busy, empty } = props;
  const sortable = (field: BeneficiarySortField, label: string) =>
    onSort ? (
      <Th sort={sort.sort === field ? sort.dir : false} onSort={() => onSort(field)}>
        {label}
      </Th>
    ) : (
      <Th>{label}</Th>
    );
  return (
    <Table
      aria-busy={busy || undefined}
      className={busy ? `${styles.table} ${styles.busy}` : styles.table}
      aria-label="Beneficiaries"
      keyColumn={3}
    >
      <THead>
        <Tr>
          <Th className={styles.wideOnly} hideOnCard>
            Photo
          </Th>
          {sortable('id', 'Beneficiary ID')}
          {sortable('fullName', 'Full Name')}
          {sortable('guardianName', 'Guardian')}
          <Th className={styles.wideOnly}>Phone</Th>
          {sortable('age', 'Age')}
          {sortable('homeVillage', 'Location')}
          {sortable('schoolName', 'School')}
          {sortable('gradeLevel', 'Grade')}
          {sortable('isActive', 'Status')}
          <Th align="right">Actions</Th>
        </Tr>
      </THead>
      <TBody>
        {rows.map((b) => (
          <BeneficiaryRow key={b.id} beneficiary={b} {...props} />
        ))}
        {Array.from({ length: skeletonRows }, (_, i) => (
          <SkeletonRow key={`skeleton-${i}`} />
        ))}
        {rows.length === 0 && skeletonRows === 0 && (
          <Tr>
            <Td colSpan={COLUMN_COUNT}>{empty}</Td>
          </Tr>
        )}
      </TBody>
    </Table>
  );
}

function BeneficiaryRow({
  beneficiary: b,
  canWrite,
  canDelete,
  onView,
  onEdit,
  onDelete,
}: Props & { beneficiary: Beneficiary }) {
  return (
    <Tr>
      <Td className={`${styles.thumbCell} ${styles.wideOnly}`}>
        <Avatar name={b.fullName} src={thumbnailSrc(b)} size={THUMB_PX} />
      </Td>
      <Td className={styles.idCell}>{b.id}</Td>
      <Td>
        <Link to={`/beneficiaries/${encodeURIComponent(b.id)}`} className={links.recordName}>
          {b.fullName}
        </Link>
      </Td>
      <Td>{b.guardianName}</Td>
      <Td className={`${styles.nowrap} ${styles.wideOnly}`}>{phoneForDisplay(b.guardianPhone)}</Td>
      <Td>{b.age}</Td>
      <Td>
        {b.homeVillage}, {countyLabel(b.county)}
      </Td>
      <Td>{b.schoolName}</Td>
      <Td className={styles.nowrap}>{gradeLevelLabel(b.gradeLevel)}</Td>
      <Td>
        <Badge tone={b.isActive ? 'green' : 'gray'}>{activeLabel(b.isActive)}</Badge>
      </Td>
      <Td>
        <div className={styles.actions}>
          <IconButton label={`View ${b.fullName}`} size="sm" onClick={() => onView(b)}>
            <EyeIcon size={18} />
          </IconButton>
          {canWrite && (
            <IconButton label={`Edit ${b.fullName}`} size="sm" onClick={() => onEdit(b)}>
              <PencilIcon size={18} />
            </IconButton>
          )}
          {canDelete && (
            <IconButton label={`Delete ${b.fullName}`} size="sm" onClick={() => onDelete(b)}>
              <TrashIcon size={18} />
            </IconButton>
          )}
        </div>
      </Td>
    </Tr>
  );
}

/** The skeleton cell of the Phone column. */
const PHONE_SKELETON = 3;

function SkeletonRow() {
  return (
    <Tr aria-hidden="true">
      <Td className={`${styles.thumbCell} ${styles.wideOnly}`}>
        <Skeleton circle width={THUMB_PX} height={THUMB_PX} />
      </Td>
      {[72, 110, 96, 84, 20, 96, 90, 56, 52].map((width, i) => (
        <Td key={i} className={i === PHONE_SKELETON ? styles.wideOnly : undefined}>
          <Skeleton width={width} height={14} />
        </Td>
      ))}
      <Td>
        <Skeleton width={72} height={14} />
      </Td>
    </Tr>
  );
}
