import type { ToastOptions } from '@kcf/ui';
import { SESSION_WARNING_TOAST_MS } from './inactivity';

/** The inactivity toasts: the warning a minute before sign-out, then the expiry. */
export const SESSION_WARNING_TOAST: ToastOptions = {
  title: 'Session Warning',
  description:
    'You will be logged out in 1 minute due to inactivity. Move your mouse or click anywhere to stay logged in.',
  variant: 'destructive',
  durationMs: SESSION_WARNING_TOAST_MS,
};

export const SESSION_EXPIRED_TOAST: ToastOptions = {
  title: 'Session Expired',
  description: 'You have been logged out due to inactivity.',
  variant: 'destructive',
};
