import type { TPayment } from '@quizlead/shared/schemas/billing.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cancelPayment, capturePayment, getPayment } from '../../api/billing.ts';
import { errorNotice } from '../../api/client.ts';

/** What the Plans page says about a payment: being confirmed, its outcome, or that it could not be asked. */
export type PaymentNotice =
  | { kind: 'confirming' }
  | { kind: 'settled'; payment: TPayment }
  /** PayPal has not confirmed yet; `waiting` while the page asks again. */
  | { kind: 'pending'; payment: TPayment; waiting: boolean }
  | { kind: 'unconfirmed'; message: string };

const pollMs = 3000;
const pollTries = 20;

/** The parameters PayPal's return and cancel addresses carry (the server's, and PayPal's own). */
const returnParams = ['payment', 'cancelled', 'token', 'PayerID'];

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The owner's way back from PayPal: /app/Plans?payment=<id>&token=…&PayerID=… captures the payment,
 * /app/Plans?payment=<id>&cancelled=1&token=… cancels it, once per page load; then the parameters
 * leave the address (replaced, so a reload or Back does not capture again). A payment PayPal has not
 * confirmed yet is asked about every 3 s for a minute. `settle` shows a payment the checkout
 * completed without PayPal the same way. `onCompleted` runs for every completed payment.
 */
export function usePaymentReturn(onCompleted: (payment: TPayment) => void) {
  const [params, setParams] = useSearchParams();
  const [returned] = useState(() => {
    const id = params.get('payment');
    return id ? { id, cancelled: params.get('cancelled') === '1' } : null;
  });
  const [notice, setNotice] = useState<PaymentNotice | null>(returned && uuid.test(returned.id) ? { kind: 'confirming' } : null);
  const [attempt, setAttempt] = useState(0);
  const asked = useRef<number | null>(null);
  const completed = useRef(onCompleted);
  useEffect(() => {
    completed.current = onCompleted;
  }, [onCompleted]);

  const settle = useCallback((payment: TPayment) => {
    if (payment.status === 'created') {
      setNotice({ kind: 'pending', payment, waiting: true });
      return;
    }
    setNotice({ kind: 'settled', payment });
    if (payment.status === 'completed') completed.current(payment);
  }, []);

  useEffect(() => {
    // Once per attempt, also when a development build runs effects twice: a capture is not a read.
    if (!returned || asked.current === attempt) return;
    asked.current = attempt;
    const forget = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of returnParams) next.delete(name);
          return next;
        },
        { replace: true },
      );
    if (!uuid.test(returned.id)) {
      forget();
      return;
    }
    (returned.cancelled ? cancelPayment(returned.id) : capturePayment(returned.id)).then(
      (payment) => {
        forget();
        settle(payment);
      },
      (error: unknown) => {
        forget();
        setNotice({ kind: 'unconfirmed', message: errorNotice(error) });
      },
    );
    // setParams changes with the address, which this changes: the call depends on the attempt only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, returned, settle]);

  const waitingFor = notice?.kind === 'pending' && notice.waiting ? notice.payment.id : null;
  useEffect(() => {
    if (!waitingFor) return;
    const controller = new AbortController();
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = () => setNotice((current) => (current?.kind === 'pending' ? { ...current, waiting: false } : current));
    const askAgain = () => {
      timer = setTimeout(() => {
        tries += 1;
        getPayment(waitingFor, controller.signal).then(
          (payment) => {
            if (payment.status !== 'created') settle(payment);
            else if (tries >= pollTries) stopWaiting();
            else askAgain();
          },
          () => {
            if (controller.signal.aborted) return;
            if (tries >= pollTries) stopWaiting();
            else askAgain();
          },
        );
      }, pollMs);
    };
    askAgain();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [waitingFor, settle]);

  return {
    notice,
    settle,
    dismiss: useCallback(() => setNotice(null), []),
    /** Asks PayPal's answer again after the call itself failed. */
    retry: useCallback(() => {
      setNotice({ kind: 'confirming' });
      setAttempt((count) => count + 1);
    }, []),
    /** Another minute of asking whether PayPal has confirmed. */
    checkAgain: useCallback(
      () => setNotice((current) => (current?.kind === 'pending' ? { ...current, waiting: true } : current)),
      [],
    ),
  };
}
