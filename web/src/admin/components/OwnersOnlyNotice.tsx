import { Banner, Page } from '@shopify/polaris';
import { permissionMessages } from '@quizlead/shared/permissions.ts';

/** The page a member sees at a screen only owners may open: its title and the owners-only notice, as on Settings. */
export function OwnersOnlyNotice({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Banner tone="info">{permissionMessages.screenOwnerOnly}</Banner>
    </Page>
  );
}
