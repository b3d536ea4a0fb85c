import { FooterHelp, Link } from '@shopify/polaris';
import { productName } from '@quizlead/shared/constants.ts';
import { adminUrl } from '@quizlead/web/admin/urls.ts';

export function ShellFooter() {
  return (
    <FooterHelp>
      <Link url={adminUrl('Dashboard')}>{productName}</Link>
      {': quizzes, polls and web responses that capture leads.'}
    </FooterHelp>
  );
}
