import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

export interface ToastMessage {
  id: number;
  content: string;
  error: boolean;
}

/** The notification on screen; each shell renders it its own way (see ToastOutlet). */
export const toastAtom = atom<ToastMessage | null>(null);

let nextId = 1;

export function useShowToast(): (content: string, options?: { error?: boolean }) => void {
  const setToast = useSetAtom(toastAtom);
  return useCallback((content, options) => setToast({ id: nextId++, content, error: options?.error ?? false }), [setToast]);
}
