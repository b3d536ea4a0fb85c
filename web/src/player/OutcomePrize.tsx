import { t } from '@quizlead/shared/i18n/translate.ts';
import type { TOutcomePrize } from '@quizlead/shared/schemas/play.ts';
import { useState } from 'react';
import { PrizeCode } from '../public/PrizeCode.tsx';

/** The outcome's unique discount code on the result page, or, while it is being made, a way to ask again. */
export function OutcomePrize({ prize, onCheckAgain }: { prize: TOutcomePrize; onCheckAgain(): Promise<void> }) {
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if ('code' in prize) {
    return (
      <div className="ql-prize">
        <PrizeCode code={prize.code} expiresAt={prize.expiresAt} prefix="ql" testId="result-prize-code" />
      </div>
    );
  }
  const check = async () => {
    setChecking(true);
    setFailure(null);
    try {
      await onCheckAgain();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className="ql-prize">
      <p data-testid="result-prize-pending">{t('prize.pending')}</p>
      <button
        type="button"
        className="ql-button ql-button--quiet"
        onClick={() => void check()}
        disabled={checking}
        aria-busy={checking || undefined}
      >
        {t('prize.show')}
      </button>
      {failure ? (
        <p className="qp-alert" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
