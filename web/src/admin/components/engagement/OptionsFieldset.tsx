import { BlockStack, Button, InlineError, InlineStack, Text } from '@shopify/polaris';
import { PlusIcon } from '@shopify/polaris-icons';
import type { ReactNode } from 'react';

interface Props {
  /** Names the fieldset's own ids: `{id}-options` for the list's message. */
  id: string;
  limits: { min: number; max: number };
  /** The list's own message (too few options…), under the rows. */
  error: string | undefined;
  /** Adds a row; none when the options are locked. */
  onAdd: (() => void) | null;
  /** More ids that describe the list (a note above the rows). */
  describedBy?: string;
  /** What comes before the rows: a note, a hint. */
  intro?: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** What comes after Add option (warnings about the rows). */
  after?: ReactNode;
}

/** The option rows of a poll or wheel form: 'Options (min to max)', the rows, the list's message and Add option. */
export function OptionsFieldset({ id, limits, error, onAdd, describedBy, intro, children, after }: Props) {
  const errorId = `${id}-options`;
  return (
    <fieldset
      className="ql-fieldset"
      aria-describedby={[describedBy ?? '', error ? `${errorId}Error` : ''].join(' ').trim() || undefined}
    >
      <legend className="ql-fieldset__legend">
        <Text as="span" fontWeight="medium">
          {`Options (${limits.min} to ${limits.max})`}
        </Text>
      </legend>
      <BlockStack gap="300">
        {intro}
        {children}
        {error ? <InlineError message={error} fieldID={errorId} /> : null}
        {onAdd ? (
          <InlineStack>
            <Button icon={PlusIcon} onClick={onAdd}>
              Add option
            </Button>
          </InlineStack>
        ) : null}
        {after}
      </BlockStack>
    </fieldset>
  );
}
