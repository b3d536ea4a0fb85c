import { Banner } from '@shopify/polaris';

interface Props {
  /** What stopped the form (the server's words, or the network's); nothing shows without it. */
  failure: string | null;
  title?: string;
  onDismiss(): void;
}

/** A signed-out form's failure that is no field's fault, over the form until dismissed or sent again. */
export function FailureBanner({ failure, title, onDismiss }: Props) {
  if (!failure) return null;
  return (
    <Banner tone="critical" title={title} onDismiss={onDismiss}>
      <p>{failure}</p>
    </Banner>
  );
}
