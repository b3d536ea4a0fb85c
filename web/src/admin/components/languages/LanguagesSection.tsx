import { SkeletonBodyText } from '@shopify/polaris';
import type { ItemKind } from '@quizlead/shared/i18n/itemTexts.ts';
import { lazy, Suspense } from 'react';

const LanguagesPanel = lazy(() => import('./LanguagesPanel.tsx').then((module) => ({ default: module.LanguagesPanel })));

/** A saved poll's, web response's or wheel's Languages place under its form, loaded when it is shown. */
export function LanguagesSection({ kind, id }: { kind: ItemKind; id: string }) {
  return (
    <Suspense fallback={<SkeletonBodyText lines={6} />}>
      <LanguagesPanel kind={kind} id={id} savedTextsNote />
    </Suspense>
  );
}
