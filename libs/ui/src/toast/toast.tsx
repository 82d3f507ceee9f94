import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { X } from 'lucide-react';
import { cx } from '../cx';
import { clearToastRoom, placeToast, type ToastEdge } from './toast-placement';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** How long it stays; 5 s unless told (the session warning uses 10 s). */
  durationMs?: number;
}

export interface ToastApi {
  /** Shows a toast; one already showing is replaced (at most one toast at a time). */
  toast: (options: ToastOptions) => void;
  /** Hides the toast now. */
  dismiss: () => void;
}

export const DEFAULT_TOAST_DURATION_MS = 5000;

interface ShownToast extends ToastOptions {
  id: number;
}

const ToastContext = createContext<ToastApi | null>(null);

/** One toast at a time, placed where it covers neither the page's controls nor a dialog's (toast-placement.ts). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [edge, setEdge] = useState<ToastEdge>('top');
  const region = useRef<HTMLDivElement>(null);

  const api = useMemo<ToastApi>(() => {
    let nextId = 1;
    return {
      toast: (options) => setCurrent({ ...options, id: nextId++ }),
      dismiss: () => setCurrent(null),
    };
  }, []);

  const id = current?.id;
  const durationMs = current?.durationMs ?? DEFAULT_TOAST_DURATION_MS;
  useEffect(() => {
    if (id === undefined) return;
    const timer = setTimeout(() => setCurrent((shown) => (shown?.id === id ? null : shown)), durationMs);
    return () => clearTimeout(timer);
  }, [id, durationMs]);

  // Before the toast is painted: its edge, and the room it takes, which an open dialog keeps clear.
  useLayoutEffect(() => {
    const element = region.current;
    if (id === undefined || !element) return;
    const place = () => setEdge(placeToast(element));
    place();
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('resize', place);
      clearToastRoom();
    };
  }, [id]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        ref={region}
        className={cx('kcf-toast-region', edge === 'bottom' && 'kcf-toast-region--bottom')}
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        {current && (
          <div
            key={current.id}
            className={cx('kcf-toast', current.variant === 'destructive' && 'kcf-toast--destructive')}
          >
            <div className="kcf-toast__text">
              <p className="kcf-toast__title">{current.title}</p>
              {current.description && <p className="kcf-toast__description">{current.description}</p>}
            </div>
            <button type="button" className="kcf-toast__close" aria-label="Dismiss notification" onClick={api.dismiss}>
              <X size={16} aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
