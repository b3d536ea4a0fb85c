import { Icon, TextField } from '@shopify/polaris';
import { SearchIcon } from '@shopify/polaris-icons';
import { useEffect, useRef, useState } from 'react';
import { adminLimits } from '@quizlead/shared/admin.ts';
import { accountTexts as texts } from '../texts.ts';

/** How long typing pauses before the search runs. */
const debounceMs = 300;

interface Props {
  /** The search in the address. */
  value: string;
  onSearch(value: string): void;
}

/** The accounts' search box: searches once typing pauses (Enter searches at once). */
export function AccountSearch({ value, onSearch }: Props) {
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
    const timer = window.setTimeout(() => latest.current(text.trim()), debounceMs);
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
        label={texts.search}
        labelHidden
        type="search"
        prefix={<Icon source={SearchIcon} tone="subdued" />}
        placeholder={texts.searchPlaceholder}
        value={text}
        onChange={setText}
        clearButton
        onClearButtonClick={() => setText('')}
        autoComplete="off"
        maxLength={adminLimits.searchLength}
      />
    </form>
  );
}
