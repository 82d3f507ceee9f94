import { useMemo } from 'react';
import { useToast } from '@kcf/ui';
import { redirectToLogin } from '@kcf/web-kit';
import { failureToast } from './save-errors';

export interface Notify {
  /** 'Success' and a message. */
  success: (message: string) => void;
  /** The spec's failure toast for `err`; a lost session then goes to sign-in. */
  failure: (err: unknown, fallback: string) => void;
  /** A refusal the screen decides itself (e.g. 'Insufficient Balance'). */
  refuse: (title: string, message: string) => void;
}

export function useNotify(): Notify {
  const { toast } = useToast();
  return useMemo(
    () => ({
      success: (message) => toast({ title: 'Success', description: message }),
      failure: (err, fallback) => {
        const { reauthenticate, ...shown } = failureToast(err, fallback);
        toast(shown);
        if (reauthenticate) redirectToLogin();
      },
      refuse: (title, message) => toast({ title, description: message, variant: 'destructive' }),
    }),
    [toast],
  );
}
