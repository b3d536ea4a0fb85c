import { Banner, Page as PolarisPage } from '@shopify/polaris';
import { permissionMessages, type Ability } from '@quizlead/shared/permissions.ts';
import type { ComponentType } from 'react';
import { useCan } from '../useCan.ts';

/**
 * A screen the menu lists only for a role with `ability` (Plans, Invoices: billing.read), opened by its address:
 * a member sees its title and the owners-only notice, as on Settings, and the page never asks the server for what
 * it would refuse.
 */
export function ownersOnly(Page: ComponentType, ability: Ability, title: string): ComponentType {
  return function OwnersOnlyScreen() {
    if (useCan(ability)) return <Page />;
    return (
      <PolarisPage title={title}>
        <Banner tone="info">{permissionMessages.screenOwnerOnly}</Banner>
      </PolarisPage>
    );
  };
}
