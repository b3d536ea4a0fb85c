import { InlineError, InlineStack, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';

interface Props {
  /** The field's id: the help's id is `${id}-help`, which the field points at. */
  id: string;
  /** Shown in the help's place instead of the help (or `problem`), e.g. a load failure with its retry. */
  notice?: ReactNode;
  problem?: string | undefined;
  helpText?: string | undefined;
  /** The visible characters, and the most there may be: an 'n / max' counter (none without `maxVisible`). */
  length: number;
  maxVisible?: number | undefined;
}

/** Under a rich text field, loaded or still loading: its problem or help, and its character counter. */
export function RichTextFooter({ id, notice, problem, helpText, length, maxVisible }: Props) {
  return (
    <InlineStack align="space-between" gap="200" wrap={false}>
      <div id={`${id}-help`}>
        {notice ??
          (problem ? (
            <InlineError message={problem} fieldID={id} />
          ) : helpText ? (
            <Text as="span" tone="subdued">
              {helpText}
            </Text>
          ) : null)}
      </div>
      {maxVisible !== undefined ? (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Text as="span" tone={length > maxVisible ? 'critical' : 'subdued'} numeric>
            {`${length} / ${maxVisible}`}
          </Text>
        </span>
      ) : null}
    </InlineStack>
  );
}
