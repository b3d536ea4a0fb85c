import type { Ability } from '@quizlead/shared/permissions.ts';
import { lazy, Suspense, type ReactNode } from 'react';
import { useCan } from '../useCan.ts';
import { PageSkeleton } from './PageSkeleton.tsx';

// Loaded only when a member opens such a screen: the shell's entry stays without it (scripts/checkBudgets.ts).
const OwnersOnlyNotice = lazy(() => import('./OwnersOnlyNotice.tsx').then((m) => ({ default: m.OwnersOnlyNotice })));

/**
 * A screen the menu lists only for a role with `ability` (Plans, Invoices: billing.read), opened by its address:
 * a member sees the owners-only notice, and the page never asks the server for what it would refuse.
 */
export function OwnersOnlyScreen({ ability, title, children }: { ability: Ability; title: string; children: ReactNode }) {
  if (useCan(ability)) return children;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <OwnersOnlyNotice title={title} />
    </Suspense>
  );
}
