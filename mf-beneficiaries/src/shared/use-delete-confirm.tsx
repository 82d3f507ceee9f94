import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@kcf/ui';
import { useNotify } from './notify';

export interface DeleteConfirmOptions<T> {
  title: string;
  /** 'Are you sure you want to delete …? This action cannot be undone.' */
  message: (target: T) => string;
  run: (target: T) => Promise<unknown>;
  /** Runs after a successful delete (refresh what showed the record). */
  after?: (target: T) => Promise<unknown> | void;
  successMessage: string;
  failureMessage: string;
  /** Show the server's message instead of the fixed failure text when it sent one. */
  preferServerMessage?: boolean;
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
      notify.success(options.successMessage);
      setTarget(null);
      await options.after?.(target);
    } catch (err) {
      notify.failure(err, options.failureMessage, { preferServerMessage: options.preferServerMessage });
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title={options.title}
      message={target === null ? '' : options.message(target)}
      onConfirm={confirm}
      loading={busy}
    />
  );
  return { ask: setTarget, dialog };
}
