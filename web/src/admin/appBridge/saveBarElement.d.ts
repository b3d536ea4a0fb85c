import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** App Bridge's save bar (shopify.md 2): a plain tag App Bridge reads and mirrors in the shop's admin (saveBar.tsx). */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'ui-save-bar': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}
