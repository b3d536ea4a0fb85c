import { wheelDefaults, wheelLimits } from '@quizlead/shared/engagement.ts';
import { ownerText, t } from '@quizlead/shared/i18n/translate.ts';
import { showItemLanguage } from '../public/language.ts';
import { localizeItem } from '@quizlead/shared/i18n/itemTexts.ts';
import type { TPublicWheel, TSpinResult } from '@quizlead/shared/schemas/wheel.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, newSubmissionId, widgetApi } from './api.ts';
import { PhoneFields, phoneOfForm, usePhoneCheck } from '../public/PhoneFields.tsx';
import { useEmailStep } from './useEmailStep.tsx';
import { startWidgetPixels, type WidgetPixels } from './pixels.ts';
import { WheelDisc } from '../public/WheelDisc.tsx';
import { messageOf, Page, ServerError, Unavailable, Waiting } from './Shell.tsx';
import { landingRotation } from '@quizlead/shared/wheelGeometry.ts';
import { PrizeCode } from '../public/PrizeCode.tsx';
import { visitorId } from '../public/visitorId.ts';

type Load =
  { name: 'loading' } | { name: 'failed'; message: string } | { name: 'ready'; wheel: TPublicWheel; pixels: WidgetPixels };

/**
 * The public wheel spinner, /wheelspin/publish/show/{id}/{slug} (spec: builder-widgets-shell.md §2.9, §9):
 * the email when asked for, the play button, then the server draws (POST …/spins) and the wheel (300×300
 * at most) turns to that option; the result shows after the reveal delay and the email box is gone.
 */
export function WheelPage({ id, framed }: { id: string; framed: boolean }) {
  const [load, setLoad] = useState<Load>({ name: 'loading' });
  useEffect(() => {
    widgetApi.wheel(id).then(
      async (wheel) => {
        const shown = localizeItem('wheel', wheel, await showItemLanguage(wheel));
        document.title = shown.description;
        // A wheel has no preview page: its page is the one visitors see.
        setLoad({ name: 'ready', wheel: shown, pixels: startWidgetPixels('wheel', wheel, wheel.description, false) });
      },
      (error: unknown) => setLoad({ name: 'failed', message: messageOf(error) }),
    );
  }, [id]);
  return (
    <Page
      framed={framed}
      wide
      poweredBy={load.name === 'ready' && load.wheel.ownerMode === 'free' ? load.wheel.footerLinks : null}
    >
      {load.name === 'loading' ? <Waiting message={t('wheel.loading')} /> : null}
      {load.name === 'failed' ? (
        load.message === t('wheel.unavailable') ? (
          <Unavailable title={load.message} />
        ) : (
          <Unavailable title={t('wheel.heading')} message={load.message} />
        )
      ) : null}
      {load.name === 'ready' ? <Spinner wheel={load.wheel} pixels={load.pixels} /> : null}
    </Page>
  );
}

function Spinner({ wheel, pixels }: { wheel: TPublicWheel; pixels: WidgetPixels }) {
  const options = wheel.options.length > 0 ? wheel.options : [...wheelDefaults.placeholderOptions];
  const emailStep = useEmailStep('qw-wheel-email', wheel.collectEmail, {
    emailRequired: t('wheel.emailRequired'),
    emailInvalid: t('wheel.emailInvalid'),
  });
  // The optional phone and its SMS consent box, where the owner asks for them with the email (issue 33).
  const askPhone = wheel.collectEmail && wheel.askPhone;
  usePhoneCheck(askPhone);
  const [phone, setPhone] = useState('');
  const [smsConsent, setSmsConsent] = useState(false);
  // "Email me my result" (issue 35), where the owner emails the prize.
  const offerEmail = wheel.collectEmail && wheel.resultEmail;
  const [emailResult, setEmailResult] = useState(false);
  const [phoneError, setPhoneError] = useState<string | undefined>(undefined);
  const focusPhone = () => document.getElementById('qw-wheel-phone')?.focus();
  /** Why asking for the prize code again failed. */
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [spin, setSpin] = useState<TSpinResult | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [rotation, setRotation] = useState(0);
  const [animated, setAnimated] = useState(true);
  const submissionId = useRef<string | null>(null);
  /** The spin shown, for sending it again while its unique code is being prepared. */
  const spun = useRef<{ id: string; email: string | undefined } | null>(null);
  const [checking, setChecking] = useState(false);
  const revealTimer = useRef<number | undefined>(undefined);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => () => window.clearTimeout(revealTimer.current), []);
  useEffect(() => {
    if (revealed) resultRef.current?.focus({ preventScroll: true });
  }, [revealed]);

  const revealDelay = wheel.revealDelayMs || wheelLimits.revealDelayMs;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || spin) return;
    if (!emailStep.check()) return;
    const phoneOf = askPhone ? await phoneOfForm(phone, smsConsent) : { phone: '', smsConsent: false };
    setPhoneError('error' in phoneOf ? phoneOf.error : undefined);
    if ('error' in phoneOf) return focusPhone();
    setSending(true);
    submissionId.current ??= newSubmissionId();
    try {
      const sent = { id: submissionId.current, email: emailStep.email };
      const drawn = await widgetApi.spin(wheel.id, {
        submissionId: sent.id,
        email: sent.email,
        visitorId: visitorId(),
        ...(askPhone ? phoneOf : {}),
        ...(offerEmail ? { emailResult } : {}),
      });
      spun.current = sent;
      submissionId.current = null;
      setSpin(drawn);
      // A new spin only: an email that spun before is shown that first spin, already counted.
      if (!drawn.repeated) {
        if (sent.email) pixels.lead();
        pixels.completion(drawn.result, drawn.prizeValue);
      }
      if (drawn.repeated) {
        // The email spun before: show that spin where it stopped, without a new turn.
        setAnimated(false);
        setRotation(landingRotation(0, drawn.optionIndex, options.length, 0));
        setRevealed(true);
      } else {
        setRotation((from) =>
          landingRotation(from, drawn.optionIndex, options.length, wheelLimits.spinTurns, Math.random() * 2 - 1),
        );
        revealTimer.current = window.setTimeout(() => setRevealed(true), revealDelay);
      }
    } catch (caught) {
      if (caught instanceof ApiError && caught.field === 'phone') {
        setPhoneError(caught.message);
        focusPhone();
      } else emailStep.refuse(caught);
    } finally {
      setSending(false);
    }
  };

  // The same spin again: the server answers its code once the pool has one (or pending again).
  const checkAgain = async () => {
    if (!spun.current || checking) return;
    setChecking(true);
    setFailure(null);
    try {
      const again = await widgetApi.spin(wheel.id, {
        submissionId: spun.current.id,
        email: spun.current.email,
        visitorId: visitorId(),
      });
      setSpin((shown) => (shown ? { ...shown, ...again, repeated: shown.repeated } : again));
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setChecking(false);
    }
  };

  const buttonText = ownerText(wheel.playButtonText, 'wheel.spin');
  // One grid: stacked (title, wheel, form) on narrow screens; on wide ones the wheel stands beside the
  // title and form, so the whole page fits a short frame such as the iframe code's 713 × 419 (widgets.css).
  return (
    <div className="qw-wheel-layout">
      <header className="qw-header qw-wheel-layout__header">
        <h1 className="qw-title" dir="auto">
          {wheel.description}
        </h1>
      </header>
      <div className="qw-wheel-layout__stage">
        <WheelDisc
          options={options}
          rotation={rotation}
          durationMs={animated ? Math.max(0, revealDelay - 300) : 0}
          label={t('wheel.disc', { count: options.length, options: options.join(', ') })}
        />
      </div>
      <div className="qw-wheel-layout__panel">
        <div ref={resultRef} className="qw-wheel-result" role="status" tabIndex={-1}>
          {spin && !revealed ? <p className="qw-prize-label">{t('wheel.spinning')}</p> : null}
          {spin && revealed ? (
            <>
              {spin.repeated ? <p className="qw-repeated">{t('wheel.alreadySpun')}</p> : null}
              <p className="qw-prize-label">{t('wheel.yourResult')}</p>
              <p className="qw-prize" data-testid="wheel-result">
                {/* The drawn option as the wheel shows it (in the visitor's language), else as stored. */}
                {options[spin.optionIndex] ?? spin.result}
              </p>
              {spin.prizeCode ? (
                <PrizeCode code={spin.prizeCode} expiresAt={spin.prizeExpiresAt} prefix="qw" testId="wheel-prize-code" />
              ) : null}
              {spin.prizePending ? (
                <>
                  <p className="qw-pending" data-testid="wheel-prize-pending">
                    {t('prize.pending')}
                  </p>
                  <button
                    type="button"
                    className="qw-button qw-button--quiet"
                    onClick={() => void checkAgain()}
                    disabled={checking}
                    aria-busy={checking || undefined}
                  >
                    {t('prize.show')}
                  </button>
                  {failure ? <ServerError message={failure} /> : null}
                </>
              ) : null}
            </>
          ) : null}
        </div>
        {spin ? null : (
          <form className="qw-form qw-wheel-form" noValidate onSubmit={submit}>
            {emailStep.field}
            {askPhone ? (
              <PhoneFields
                phone={phone}
                smsConsent={smsConsent}
                smsConsentText={ownerText(wheel.smsConsentText, 'lead.smsConsent')}
                error={phoneError}
                onPhone={(typed) => {
                  setPhone(typed);
                  setPhoneError(undefined);
                }}
                onSmsConsent={setSmsConsent}
                idPrefix="qw-wheel"
                classes={{ field: 'qw-field', consent: 'qw-consent' }}
              />
            ) : null}
            {offerEmail ? (
              <div className="qw-consent">
                <input
                  id="qw-wheel-email-result"
                  type="checkbox"
                  checked={emailResult}
                  onChange={(event) => setEmailResult(event.currentTarget.checked)}
                />
                <label htmlFor="qw-wheel-email-result">{t('resultEmail.optIn')}</label>
              </div>
            ) : null}
            {wheel.playButtonType === 'image' && wheel.playButtonImage ? (
              <button type="submit" className="qw-play qw-play--image" disabled={sending} aria-busy={sending || undefined}>
                <img src={wheel.playButtonImage} alt={buttonText} />
              </button>
            ) : (
              <button type="submit" className="qw-button qw-play" disabled={sending} aria-busy={sending || undefined}>
                {buttonText}
              </button>
            )}
          </form>
        )}
      </div>
    </div>
  );
}
