import type { TAdminAccountRow } from '@quizlead/shared/schemas/admin.ts';
import { accountTexts } from '../texts.ts';

/** How an account is named in lists and headings: its company, else its shop, else that it has none. */
export const accountName = (account: Pick<TAdminAccountRow, 'companyName' | 'shopDomain'>) =>
  account.companyName.trim() || account.shopDomain || accountTexts.noCompany;
