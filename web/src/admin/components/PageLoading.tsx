import { Text } from '@shopify/polaris';

export const pageLoadingText = 'Loading…';

/** Says to assistive technology that a screen is on its way (its skeleton shows it to the eye). */
export function PageLoading() {
  return (
    <Text as="p" visuallyHidden>
      <span role="status">{pageLoadingText}</span>
    </Text>
  );
}
