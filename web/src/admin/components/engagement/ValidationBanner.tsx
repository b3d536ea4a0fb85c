import { Banner } from '@shopify/polaris';
import { engagementMessages } from '@quizlead/shared/engagement.ts';
import { useEffect, useRef } from 'react';

/** A form's refusal: the message and which submit it answers (each new one takes focus again). */
export interface Problem {
  message: string;
  attempt: number;
}

let attempts = 0;
export const problem = (message: string): Problem => ({ message, attempt: ++attempts });

/** 'Validation Error' and the first problem; it takes focus so keyboard and screen-reader users hear it. */
export function ValidationBanner({ problem: shown, onDismiss }: { problem: Problem | null; onDismiss(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) {
      ref.current?.focus();
      ref.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      <Banner tone="critical" title={engagementMessages.validationErrorTitle} onDismiss={onDismiss}>
        <p>{shown.message}</p>
      </Banner>
    </div>
  );
}
