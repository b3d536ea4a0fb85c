import { formatDate, t } from '@quizlead/shared/i18n/translate.ts';
import { useEffect, useRef, useState } from 'react';
import { discountLink, findStorefront, type StorefrontPage } from './storefront.ts';

/**
 * A won discount code with a copy button, and until when it works when it expires: the wheel's prize
 * (widgets, prefix `qw`) and a quiz outcome's (player, prefix `ql`) share it, each styled by its bundle.
 * In a Shopify storefront (the app block, the app embed or the app proxy page) it also links to the
 * store's discount link, which puts the code on the visitor's cart and brings them back to the page.
 */
export function PrizeCode(props: { code: string; expiresAt: string | null; prefix: 'qw' | 'ql'; testId: string }) {
  const { code, expiresAt, prefix } = props;
  const [copied, setCopied] = useState(false);
  const [storefront, setStorefront] = useState<StorefrontPage | null>(null);
  useEffect(() => findStorefront(setStorefront), []);
  const codeRef = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusing browser): select the code for the visitor to copy.
      const range = document.createRange();
      if (codeRef.current) range.selectNodeContents(codeRef.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    }
  };
  return (
    <>
      <p className={`${prefix}-code-line`}>
        {t('prize.yourCode')}{' '}
        <strong className={`${prefix}-code`} data-testid={props.testId} ref={codeRef}>
          {code}
        </strong>
      </p>
      <button type="button" className={`${prefix}-button ${prefix}-button--quiet ${prefix}-copy`} onClick={() => void copy()}>
        {t('prize.copy')}
      </button>
      {storefront ? (
        // In the embed script's frame the link opens the storefront's own window, where its cart is.
        <a
          className={`${prefix}-button ${prefix}-apply`}
          href={discountLink(storefront, code)}
          target={storefront.framed ? '_top' : undefined}
          data-testid={`${props.testId}-apply`}
        >
          {t('prize.apply')}
        </a>
      ) : null}
      <p className={`${prefix}-copied`} aria-live="polite">
        {copied ? t('prize.copied') : ''}
      </p>
      {expiresAt ? <p className={`${prefix}-valid-until`}>{t('prize.validUntil', { date: formatDate(expiresAt) })}</p> : null}
    </>
  );
}
