import type { CSSProperties } from 'react';

/** A scrollable monospace block for requests and answers (Test connection's exchange, a destination's preview). */
export const codeBlockStyle: CSSProperties = {
  margin: 0,
  maxHeight: 260,
  overflow: 'auto',
  padding: 'var(--p-space-200)',
  borderRadius: 'var(--p-border-radius-200)',
  background: 'var(--p-color-bg-surface-secondary)',
  font: 'var(--p-font-size-300)/1.5 var(--p-font-family-mono)',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
};
