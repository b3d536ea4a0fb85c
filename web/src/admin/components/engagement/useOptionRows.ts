import { useEffect, useRef } from 'react';
import { useShowToast } from '../../toast.ts';

/**
 * Adding and removing the option rows of a poll or wheel form within their limits (an info toast
 * says why not otherwise), with focus following the change: to the new row, or to the row that
 * takes a removed one's place.
 */
export function useOptionRows<T extends { key: number }>(props: {
  options: T[];
  setOptions(options: T[]): void;
  blank(): T;
  limits: { min: number; max: number };
  messages: { min: string; max: string };
  fieldId(key: number): string;
}) {
  const showToast = useShowToast();
  const focusKey = useRef<number | null>(null);
  const { options, fieldId } = props;

  useEffect(() => {
    if (focusKey.current === null) return;
    document.getElementById(fieldId(focusKey.current))?.focus();
    focusKey.current = null;
  }, [options, fieldId]);

  function add() {
    if (options.length >= props.limits.max) return showToast(props.messages.max);
    const added = props.blank();
    focusKey.current = added.key;
    props.setOptions([...options, added]);
  }

  function remove(index: number) {
    if (options.length <= props.limits.min) return showToast(props.messages.min);
    const rest = options.filter((_, i) => i !== index);
    focusKey.current = (rest[index] ?? rest[index - 1])!.key;
    props.setOptions(rest);
  }

  return { add, remove };
}
