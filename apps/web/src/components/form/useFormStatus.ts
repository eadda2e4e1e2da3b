import { useCallback, useState } from 'react';
import { classifySubmitError, type FormMessage, type FormStatus } from './formStatus';

export interface FormStatusControl {
  status: FormStatus;
  /** A message over the whole form after the server sent the user back to it. */
  message: FormMessage | null;
  /**
   * Runs a save: wait while it runs, then done, or the failure's status. When the server names
   * the fields to fix, `onFields` gets them and the form comes back (status none).
   */
  run: (
    task: () => Promise<unknown>,
    onFields?: (fields: Record<string, string>) => void,
  ) => Promise<boolean>;
  /** The OK button of the feedback panel: back to none. */
  reset: () => void;
}

export function useFormStatus(): FormStatusControl {
  const [status, setStatus] = useState<FormStatus>('none');
  const [message, setMessage] = useState<FormMessage | null>(null);

  const run = useCallback<FormStatusControl['run']>(async (task, onFields) => {
    setStatus('wait');
    setMessage(null);
    try {
      await task();
      setStatus('done');
      return true;
    } catch (error) {
      const outcome = classifySubmitError(error);
      if (outcome.status === 'none') {
        onFields?.(outcome.fields);
        setMessage(outcome.message);
      } else if (outcome.status === 'error') {
        // docs/api.md, Error catalogue: the panel only says "something went wrong"; the cause goes to the console.
        console.error(error);
      }
      setStatus(outcome.status);
      return false;
    }
  }, []);

  const reset = useCallback(() => {
    setStatus('none');
    setMessage(null);
  }, []);

  return { status, message, run, reset };
}
