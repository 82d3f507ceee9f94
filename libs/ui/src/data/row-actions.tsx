import type { ReactNode } from 'react';
import { IconButton } from '../button';
import { PencilIcon, TrashIcon } from '../icons';

export interface RowActionsProps {
  /** Names the record for the buttons: 'Edit <name>', 'Delete <name>'. */
  name: string;
  /** Shows Edit (only to whoever may edit). */
  onEdit?: () => void;
  /** Shows Delete (only to whoever may delete). */
  onDelete?: () => void;
  /** Other actions before them (View, a receipt link). */
  children?: ReactNode;
}

/** A record's small icon buttons in a table row or a list item; the caller places them. */
export function RowActions({ name, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <>
      {children}
      {onEdit && (
        <IconButton size="sm" label={`Edit ${name}`} onClick={onEdit}>
          <PencilIcon />
        </IconButton>
      )}
      {onDelete && (
        <IconButton size="sm" label={`Delete ${name}`} onClick={onDelete}>
          <TrashIcon />
        </IconButton>
      )}
    </>
  );
}
