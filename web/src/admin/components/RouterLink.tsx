import type { AppProviderProps } from '@shopify/polaris';
import { forwardRef } from 'react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';

type LinkLikeComponentProps = ComponentProps<NonNullable<AppProviderProps['linkComponent']>>;

/** Lets Polaris links and navigation items move through react-router instead of reloading (both shells). */
export const RouterLink = forwardRef<HTMLAnchorElement, LinkLikeComponentProps>(function RouterLink(
  { url, external, target, download, children, ...rest },
  ref,
) {
  if (external || download || /^[a-z][a-z0-9+.-]*:/i.test(url)) {
    const opensTab = external || target === '_blank';
    return (
      <a
        ref={ref}
        href={url}
        target={opensTab ? '_blank' : target}
        rel={opensTab ? 'noopener noreferrer' : undefined}
        download={download}
        {...rest}
      >
        {children}
      </a>
    );
  }
  return (
    <Link ref={ref} to={url} target={target} {...rest}>
      {children}
    </Link>
  );
});
