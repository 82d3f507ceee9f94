import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@kcf/ui';
import type { FailureOptions } from './failure-toast';
import { useNotify } from './use-notify';

/** A text, or one worded for the record ('Delete Income' / 'Delete Expense'). */
export type TextFor<T> = string | ((target: T) => string);

const textOf = <T,>(text: TextFor<T>, target: T): string => (typeof text === 'function' ? text(target) : text);

export interface DeleteConfirmOptions<T> {
  title: TextFor<T>;
  /** 'Are you sure you want to delete …? This action cannot be undone.' */
  message: (target: T) => string;
  /** The delete (through `apiRequest`). */
  run: (target: T) => Promise<unknown>;
  /** Runs after a successful delete (refresh what showed the record). */
  after?: (target: T) => Promise<unknown> | void;
  successMessage: TextFor<T>;
  failureMessage: TextFor<T>;
  /** How the failure toast reads (see `useNotify().failure`). */
  failureToast?: FailureOptions;
}

/** Asks before deleting, runs the delete, tells how it went. Render `dialog`; call `ask(target)`. */
export function useDeleteConfirm<T>(options: DeleteConfirmOptions<T>): { ask: (target: T) => void; dialog: ReactNode } {
  const notify = useNotify();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      await options.run(target);
      notify.success(textOf(options.successMessage, target));
      setTarget(null);
      await options.after?.(target);
    } catch (err) {
      notify.failure(err, textOf(options.failureMessage, target), options.failureToast);
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title={target === null ? '' : textOf(options.title, target)}
      message={target === null ? '' : options.message(target)}
      onConfirm={confirm}
      loading={busy}
    />
  );
  return { ask: setTarget, dialog };
}
