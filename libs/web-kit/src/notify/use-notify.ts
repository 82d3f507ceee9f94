import { useMemo } from 'react';
import { useToast } from '@kcf/ui';
import { redirectToLogin } from '../browser/redirect';
import { failureToast, type FailureOptions } from './failure-toast';

/** The toasts a screen shows about what the user did, one way for every app. */
export interface Notify {
  /** 'Success' and the message. */
  success: (message: string) => void;
  /**
   * A failed call: see `failureToast` (a lost session is told so and sent to sign in again after 500 ms).
   * Returns the text shown.
   */
  failure: (err: unknown, fallback: string, options?: FailureOptions) => string;
  /** A red toast the screen words itself ('Insufficient Balance', 'Invalid Password', 'Login Failed'). */
  error: (title: string, message: string) => void;
  /** A plain toast with the screen's own title ('No Data', 'Password Changed'). */
  info: (title: string, message: string) => void;
}

export function useNotify(): Notify {
  const { toast } = useToast();
  return useMemo<Notify>(
    () => ({
      success: (message) => toast({ title: 'Success', description: message }),
      failure: (err, fallback, options) => {
        const { reauthenticate, ...shown } = failureToast(err, fallback, options);
        toast(shown);
        if (reauthenticate) redirectToLogin();
        return shown.description ?? shown.title;
      },
      error: (title, message) => toast({ title, description: message, variant: 'destructive' }),
      info: (title, message) => toast({ title, description: message }),
    }),
    [toast],
  );
}
