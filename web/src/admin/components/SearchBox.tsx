import { Icon, TextField } from '@shopify/polaris';
import { SearchIcon } from '@shopify/polaris-icons';
import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search runs. */
const debounceMs = 300;

interface Props {
  /** The search in the address. */
  value: string;
  onSearch(value: string): void;
  label: string;
  placeholder: string;
  maxLength: number;
}

/** A list's search box: searches once typing pauses (Enter searches at once), and follows the address. */
export function SearchBox({ value, onSearch, label, placeholder, maxLength }: Props) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);
  // Back and Forward change the address: the box follows.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    // A row clicked meanwhile moves the address at once while its screen loads (this one stays until then):
    // the search is then dropped rather than taking the page back to the list.
    const typedOn = window.location.pathname;
    const timer = window.setTimeout(() => {
      if (window.location.pathname === typedOn) latest.current(text.trim());
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        latest.current(text.trim());
      }}
    >
      <TextField
        label={label}
        labelHidden
        type="search"
        prefix={<Icon source={SearchIcon} tone="subdued" />}
        placeholder={placeholder}
        value={text}
        onChange={setText}
        clearButton
        onClearButtonClick={() => setText('')}
        autoComplete="off"
        maxLength={maxLength}
      />
    </form>
  );
}
