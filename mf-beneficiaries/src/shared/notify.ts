import { useMemo } from 'react';
import { useToast } from '@kcf/ui';
import { errorMessageOf, isUnauthorizedError, redirectToLogin } from '@kcf/web-kit';

export interface Notify {
  /** Toast 'Success' with the given message. */
  success: (message: string) => void;
  /**
   * Toast for a failed call. A signed-out user is told so and sent to sign in again (spec §8,
   * "Unauthorized"); otherwise 'Error' with the server's message when `preferServerMessage`, else `fallback`.
   * Returns the message shown.
   */
  failure: (err: unknown, fallback: string, options?: { preferServerMessage?: boolean }) => string;
}

export function useNotify(): Notify {
  const { toast } = useToast();
  return useMemo<Notify>(
    () => ({
      success: (message) => toast({ title: 'Success', description: message }),
      failure: (err, fallback, { preferServerMessage = false } = {}) => {
        if (isUnauthorizedError(err)) {
          const message = 'You are logged out. Logging in again...';
          toast({ title: 'Unauthorized', description: message, variant: 'destructive' });
          redirectToLogin();
          return message;
        }
        const message = preferServerMessage ? errorMessageOf(err, fallback) : fallback;
        toast({ title: 'Error', description: message, variant: 'destructive' });
        return message;
      },
    }),
    [toast],
  );
}
