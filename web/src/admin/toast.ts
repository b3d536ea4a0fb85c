import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

export interface ToastMessage {
  id: number;
  content: string;
  error: boolean;
}

/** Shows a notification another way than the atom: the embedded app hands them to App Bridge's toast. */
export type ToastPresenter = (content: string, options: { error: boolean }) => void;

/** The notification on screen; each shell renders it its own way (see ToastOutlet). */
export const toastAtom = atom<ToastMessage | null>(null);

let nextId = 1;
let presenter: ToastPresenter | null = null;

/** Set by a shell whose notifications are not Polaris toasts (the embedded app: shopify.toast.show). */
export function setToastPresenter(next: ToastPresenter | null): void {
  presenter = next;
}

export function useShowToast(): (content: string, options?: { error?: boolean }) => void {
  const setToast = useSetAtom(toastAtom);
  return useCallback(
    (content, options) => {
      const error = options?.error ?? false;
      if (presenter) presenter(content, { error });
      else setToast({ id: nextId++, content, error });
    },
    [setToast],
  );
}
