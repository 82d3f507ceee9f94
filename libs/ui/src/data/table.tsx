import { useRef, type ComponentProps } from 'react';
import { ChevronDown, ChevronUp, ChevronsUpDown } from 'lucide-react';
import { cx } from '../cx';
import { Skeleton } from '../skeleton';
import { useCardCells } from './card-cells';
import { useSideScroll } from './side-scroll';

export interface TableProps extends ComponentProps<'table'> {
  /**
   * The column (from 1) that names a row: the title of the row's card on a phone, and kept in view while the
   * table scrolls sideways (while it and the actions leave room to read the others); the first unless told,
   * 0 for none.
   */
  keyColumn?: 0 | 1 | 2 | 3;
}

/**
 * A list's table. Below 640 px each row is a card: the key column as its title, every other column as a field
 * labelled with its header (a header with `hideOnCard` left out), the actions (a last column headed 'Actions')
 * at its foot, and the sortable headers as a line of sort buttons above the cards. Wider, a table too wide for
 * its card scrolls sideways inside it instead of widening the page, the key column and the actions staying in
 * view, with a fade at an edge while more of the table is that way.
 */
export function Table({ className, keyColumn = 1, ...rest }: TableProps) {
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  useSideScroll(frame, scroller, keyColumn);
  useCardCells(scroller, keyColumn);
  return (
    <div ref={frame} className="kcf-table-scroll" data-key-column={keyColumn || undefined}>
      <div ref={scroller} className="kcf-table-wrap">
        <table {...rest} className={cx('kcf-table', className)} />
      </div>
    </div>
  );
}

export function THead(props: ComponentProps<'thead'>) {
  return <thead {...props} />;
}

export function TBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />;
}

export function Tr(props: ComponentProps<'tr'>) {
  return <tr {...props} />;
}

export type SortDirection = 'asc' | 'desc';

export interface ThProps extends ComponentProps<'th'> {
  /** This column's current sort, or false when the table is sorted by another column. */
  sort?: SortDirection | false;
  /** Makes the header a button that sorts by this column. */
  onSort?: () => void;
  align?: 'left' | 'right' | 'center';
  /** Leaves this column out of the row's card on a phone (a detail that the record's own page shows). */
  hideOnCard?: boolean;
}

export function Th({
  sort = false,
  onSort,
  align,
  hideOnCard = false,
  className,
  children,
  scope = 'col',
  ...rest
}: ThProps) {
  const alignClass = align && align !== 'left' && `kcf-align-${align}`;
  const card = hideOnCard ? 'hidden' : undefined;
  if (!onSort) {
    return (
      <th {...rest} scope={scope} data-card={card} className={cx(alignClass, className)}>
        {children}
      </th>
    );
  }
  const Indicator = sort === 'asc' ? ChevronUp : sort === 'desc' ? ChevronDown : ChevronsUpDown;
  return (
    <th
      {...rest}
      scope={scope}
      aria-sort={sort === 'asc' ? 'ascending' : sort === 'desc' ? 'descending' : 'none'}
      data-card={card}
      className={cx(alignClass, className)}
    >
      <button type="button" className="kcf-th-sort" onClick={onSort}>
        {children}
        <Indicator
          size={14}
          aria-hidden="true"
          className={cx('kcf-th-sort__icon', sort && 'kcf-th-sort__icon--active')}
        />
      </button>
    </th>
  );
}

export interface TdProps extends ComponentProps<'td'> {
  align?: 'left' | 'right' | 'center';
}

export function Td({ align, className, ...rest }: TdProps) {
  return <td {...rest} className={cx(align && align !== 'left' && `kcf-align-${align}`, className)} />;
}

/** Placeholder rows while a table loads: one skeleton cell per width, so the columns keep their size. */
export function SkeletonRows({ rows, widths }: { rows: number; widths: readonly number[] }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <Tr key={i} aria-hidden="true">
          {widths.map((width, j) => (
            <Td key={j}>
              <Skeleton width={width} height={16} />
            </Td>
          ))}
        </Tr>
      ))}
    </>
  );
}
