import { z } from 'zod';

/**
 * Where the free plan's footer on public pages leads ('Powered By', 'Create Your Free Quiz'). Standalone
 * pages lead to the product and its sign-up; a shop's pages (its storefront, its widgets) lead to the
 * app's App Store listing, or nowhere when none is configured: a shopper is never sent to the
 * standalone sign-up, which is not how a merchant gets the app.
 */
export const ZFooterLinks = z.object({
  /** The 'Powered By' link; null: the words without a link. */
  poweredBy: z.string().nullable(),
  /** 'Create Your Free Quiz' (the standalone sign-up); null: not shown. */
  signUp: z.string().nullable(),
});
export type TFooterLinks = z.infer<typeof ZFooterLinks>;

/** The links of an account's footer; `appStoreUrl` is the app's listing ('' for none). */
export function footerLinksFor(kind: 'standalone' | 'shopify', appStoreUrl: string): TFooterLinks {
  return kind === 'shopify' ? { poweredBy: appStoreUrl || null, signUp: null } : { poweredBy: '/', signUp: '/Signup' };
}
