import { useCallback, useState } from 'react';

/**
 * A dialog about one thing: `show(value)` opens it, `close()` closes it. The value stays while the
 * dialog animates closed, and `key` changes at each opening: given to the dialog, it starts anew
 * (empty fields, no old error) every time.
 */
export function useDialog<T>() {
  const [state, setState] = useState<{ open: boolean; value: T | null; key: number }>({ open: false, value: null, key: 0 });
  const show = useCallback((value: T) => setState((current) => ({ open: true, value, key: current.key + 1 })), []);
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { ...state, show, close };
}
