import { wheelMessages } from '@quizlead/shared/engagement.ts';
import { useRef, useState } from 'react';

/**
 * A won discount code with a copy button, and until when it works when it expires: the wheel's prize
 * (widgets, prefix `qw`) and a quiz outcome's (player, prefix `ql`) share it, each styled by its bundle.
 */
export function PrizeCode(props: { code: string; expiresAt: string | null; prefix: 'qw' | 'ql'; testId: string }) {
  const { code, expiresAt, prefix } = props;
  const [copied, setCopied] = useState(false);
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
        Your prize code:{' '}
        <strong className={`${prefix}-code`} data-testid={props.testId} ref={codeRef}>
          {code}
        </strong>
      </p>
      <button type="button" className={`${prefix}-button ${prefix}-button--quiet ${prefix}-copy`} onClick={() => void copy()}>
        {wheelMessages.copyPrizeCode}
      </button>
      <p className={`${prefix}-copied`} aria-live="polite">
        {copied ? wheelMessages.prizeCodeCopied : ''}
      </p>
      {expiresAt ? (
        <p className={`${prefix}-valid-until`}>
          {wheelMessages.prizeValidUntil(new Date(expiresAt).toLocaleDateString(undefined, { dateStyle: 'long' }))}
        </p>
      ) : null}
    </>
  );
}
