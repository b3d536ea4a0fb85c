import { Badge, BlockStack, Box, Page } from '@shopify/polaris';
import type { PageProps } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { areaTexts } from '../texts.ts';
import { SectionNav } from './SectionNav.tsx';

type Props = Pick<PageProps, 'title' | 'subtitle' | 'primaryAction' | 'backAction' | 'secondaryActions'> & {
  children: ReactNode;
};

/** A screen of the admin area: its title marked Admin, the sections' navigation, then its content. */
export function AdminPage({ children, ...page }: Props) {
  return (
    <Page {...page} titleMetadata={<Badge tone="info">{areaTexts.title}</Badge>}>
      <BlockStack gap="400">
        <SectionNav />
        {children}
      </BlockStack>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}
