import { useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from '../afterPaint.ts';

interface Props {
  /** What shows first, in the children's place and size. */
  placeholder: ReactNode;
  /** What shows once the placeholder has painted: a lazy component whose code then starts loading. */
  children: ReactNode;
}

/**
 * Shows `placeholder`, then `children` once the browser has painted it (issue 38): the screen around it
 * paints without waiting for what the children load, and their request does not compete with it.
 */
export function AfterPaint({ placeholder, children }: Props) {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted]);
  return painted ? children : placeholder;
}
