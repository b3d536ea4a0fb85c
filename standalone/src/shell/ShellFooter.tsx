import { FooterHelp, Link } from '@shopify/polaris';
import { productName } from '@quizlead/shared/constants.ts';

export function ShellFooter() {
  return (
    <FooterHelp>
      <Link url="/app/">{productName}</Link>
      {': quizzes, polls and web responses that capture leads.'}
    </FooterHelp>
  );
}
