import { Icon, Spinner } from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import type { CSSProperties } from 'react';

interface Props {
  url: string | null;
  busy: boolean;
  /** The frame's side, in pixels. */
  size: number;
  radius: '100' | '200';
  fit: 'cover' | 'contain';
  /** What assistive technology hears: while it uploads, for the image, and when there is none. */
  labels: { busy: string; image: string; none: string };
}

const imageStyle = (fit: Props['fit']): CSSProperties => ({ width: '100%', height: '100%', objectFit: fit });

/** An uploaded image in a small square frame beside its upload box: a spinner while it uploads, an icon when there is none. */
export function ImageFrame({ url, busy, size, radius, fit, labels }: Props) {
  const frameStyle: CSSProperties = {
    width: size,
    height: size,
    flex: 'none',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    border: 'var(--p-border-width-025) solid var(--p-color-border)',
    borderRadius: `var(--p-border-radius-${radius})`,
    background: 'var(--p-color-bg-surface-secondary)',
  };
  return (
    <div style={frameStyle}>
      {busy ? (
        <Spinner size="small" accessibilityLabel={labels.busy} />
      ) : url ? (
        <img src={url} alt={labels.image} style={imageStyle(fit)} />
      ) : (
        <Icon source={ImageIcon} tone="subdued" accessibilityLabel={labels.none} />
      )}
    </div>
  );
}
