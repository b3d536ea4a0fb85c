import { BlockStack, Card, Text } from '@shopify/polaris';
import { productName } from '@quizlead/shared/constants.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import logoMark from '../assets/logoMark.svg';

interface Props {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Shown under the card, for the links to the other signed-out pages. */
  footer?: ReactNode;
}

export function AuthLayout({ title, subtitle, children, footer }: Props) {
  return (
    <div className="ql-auth">
      <main className="ql-auth__column">
        <Link to="/index.html" className="ql-auth__brand">
          <img src={logoMark} alt="" width={36} height={36} />
          <span>{productName}</span>
        </Link>
        <Card padding={{ xs: '400', sm: '600' }} roundedAbove="xs">
          <BlockStack gap="500">
            <BlockStack gap="100">
              <Text as="h1" variant="headingLg">
                {title}
              </Text>
              {subtitle ? (
                <Text as="p" tone="subdued">
                  {subtitle}
                </Text>
              ) : null}
            </BlockStack>
            {children}
          </BlockStack>
        </Card>
        {footer ? <div className="ql-auth__footer">{footer}</div> : null}
      </main>
    </div>
  );
}
