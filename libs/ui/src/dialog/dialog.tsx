import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { IconButton } from '../button';
import { cx } from '../cx';
import { isTopModal, pushModal, removeModal, trapTab } from './modal-stack';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A line under the title, announced with it. */
  description?: ReactNode;
  children?: ReactNode;
  /** The action buttons, right-aligned under the content. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** False while a save runs: Escape, the backdrop and the close button then do nothing. */
  dismissible?: boolean;
  /** What gets focus on open; the dialog itself by default (no keyboard popping up on phones). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * A modal dialog: focus moves in on open and back on close, Tab stays inside, Escape closes.
 */
export function Dialog(props: DialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  initialFocusRef,
  className,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ onOpenChange, dismissible });
  latest.current = { onOpenChange, dismissible };

  useEffect(() => {
    const token = {};
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    pushModal(token);
    (initialFocusRef?.current ?? panelRef.current)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      const panel = panelRef.current;
      if (!panel || !isTopModal(token)) return;
      if (event.key === 'Escape' && latest.current.dismissible) {
        event.preventDefault();
        latest.current.onOpenChange(false);
      } else if (event.key === 'Tab') {
        trapTab(event, panel);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      removeModal(token);
      if (previous?.isConnected) previous.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening; the latest callbacks are read through `latest`
  }, []);

  const close = () => {
    if (latest.current.dismissible) onOpenChange(false);
  };

  return (
    <div
      className="kcf-dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx('kcf-dialog', `kcf-dialog--${size}`, className)}
      >
        <div className="kcf-dialog__header">
          <div>
            <h2 id={titleId} className="kcf-dialog__title">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="kcf-dialog__description">
                {description}
              </p>
            )}
          </div>
          <IconButton label="Close" size="sm" onClick={close} disabled={!dismissible}>
            <X size={18} aria-hidden="true" />
          </IconButton>
        </div>
        <div className="kcf-dialog__body">{children}</div>
        {footer && <div className="kcf-dialog__footer">{footer}</div>}
      </div>
    </div>
  );
}
