import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/**
 * App Bridge's custom elements (shopify.md 2): plain tags that App Bridge reads and mirrors in the
 * shop's admin. `ui-nav-menu` takes links; its first, rel="home", is where the app's name leads.
 */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'ui-nav-menu': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}
