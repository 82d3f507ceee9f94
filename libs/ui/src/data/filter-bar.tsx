import { useId, useState, type ReactNode } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { Button } from '../button';
import { cx } from '../cx';

export interface FilterBarProps {
  /** Names the filters for screen readers ('Filter beneficiaries'). */
  label: string;
  /** The search box (a Field), in view on every screen. */
  search?: ReactNode;
  /** The other filters (Fields): below 640 px folded behind a Filters button. */
  children: ReactNode;
  /** How many of the folded filters are set, said on the button: 'Filters (2)'. */
  active?: number;
}

/**
 * A list's filters side by side, each control at least as wide as the text it shows, the line wrapping where
 * they do not fit. Below 640 px only the search stays in view and the others wait behind a Filters button,
 * so that the list starts on the first screen.
 */
export function FilterBar({ label, search, children, active = 0 }: FilterBarProps) {
  const [open, setOpen] = useState(false);
  const foldedId = useId();
  return (
    <div role="search" aria-label={label} className={cx('kcf-filters', open && 'kcf-filters--open')}>
      {search && <div className="kcf-filters__search">{search}</div>}
      <Button
        variant="outline"
        className="kcf-filters__toggle"
        icon={<SlidersHorizontal size={16} aria-hidden="true" />}
        aria-expanded={open}
        aria-controls={foldedId}
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <div id={foldedId} className="kcf-filters__folded">
        {children}
      </div>
    </div>
  );
}
