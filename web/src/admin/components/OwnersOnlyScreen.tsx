import { Banner, Page } from '@shopify/polaris';
import { permissionMessages, type Ability } from '@quizlead/shared/permissions.ts';
import type { ReactNode } from 'react';
import { useCan } from '../useCan.ts';

/**
 * A screen the menu lists only for a role with `ability` (Plans, Invoices: billing.read), opened by its address:
 * a member sees the owners-only notice, as on Settings, and the page never asks the server for what it would refuse.
 */
export function OwnersOnlyScreen({ ability, title, children }: { ability: Ability; title: string; children: ReactNode }) {
  if (useCan(ability)) return children;
  return (
    <Page title={title}>
      <Banner tone="info">{permissionMessages.screenOwnerOnly}</Banner>
    </Page>
  );
}
