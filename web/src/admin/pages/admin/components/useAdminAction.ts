import { useCallback, useState } from 'react';
import { ApiError, errorNotice } from '../../../api/client.ts';
import { useShowToast } from '../../../toast.ts';

interface Options<T> {
  /** The toast once done: fixed, or from the answer (the server's message). */
  success: string | ((result: T) => string);
  onDone?(result: T): void;
  /** A 400 or 409 naming a field: the form shows it on that field (return false to toast it instead). */
  onFieldError?(field: string, message: string): boolean;
}

/**
 * Runs the area's mutations one at a time: `busy` names the one under way (a row's id, a form), a
 * toast tells how it went, and a refusal naming a field goes to that field. Resolves true when done.
 */
export function useAdminAction() {
  const showToast = useShowToast();
  const [busy, setBusy] = useState<string | null>(null);

  const run = useCallback(
    async <T>(key: string, action: () => Promise<T>, options: Options<T>): Promise<boolean> => {
      setBusy(key);
      try {
        const result = await action();
        showToast(typeof options.success === 'string' ? options.success : options.success(result));
        options.onDone?.(result);
        return true;
      } catch (error) {
        const field = error instanceof ApiError && (error.status === 400 || error.status === 409) ? error.field : undefined;
        if (!(field && options.onFieldError?.(field, (error as ApiError).message))) {
          showToast(errorNotice(error), { error: true });
        }
        return false;
      } finally {
        setBusy(null);
      }
    },
    [showToast],
  );

  return { busy, run };
}
