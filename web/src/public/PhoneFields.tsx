import { t } from '@quizlead/shared/i18n/translate.ts';
import { regionOfLocale } from '@quizlead/shared/phoneRegion.ts';
import type * as PhoneModule from '@quizlead/shared/phone.ts';
import { useEffect } from 'react';

/** The phone check (libphonenumber-js's metadata), loaded only when a form shows the phone field. */
let loading: Promise<typeof PhoneModule> | null = null;
const loadPhoneCheck = () => (loading ??= import('@quizlead/shared/phone.ts'));

/** Starts loading the check as soon as the phone field is shown, so a submit rarely waits for it. */
export function usePhoneCheck(shown: boolean): void {
  useEffect(() => {
    if (shown) void loadPhoneCheck();
  }, [shown]);
}

/** The visitor's country, for a number typed without its country code: the browser's first locale with a region. */
export function visitorRegion(): string | undefined {
  const locales = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const locale of locales) {
    const region = regionOfLocale(locale);
    if (region) return region;
  }
  return undefined;
}

/** What the form sends for the phone (E.164, '' when left empty) or the message to show. */
export async function phoneOfForm(
  typed: string,
  smsConsent: boolean,
): Promise<{ phone: string; smsConsent: boolean } | { error: string }> {
  if (!typed.trim()) return { phone: '', smsConsent: false };
  const { phoneE164 } = await loadPhoneCheck();
  const phone = phoneE164(typed, visitorRegion());
  return phone ? { phone, smsConsent } : { error: t('lead.phoneInvalid') };
}

interface Props {
  phone: string;
  smsConsent: boolean;
  smsConsentText: string;
  error: string | undefined;
  onPhone(phone: string): void;
  onSmsConsent(checked: boolean): void;
  /** The ids' prefix, so the quiz player and a widget can each have theirs. */
  idPrefix?: string;
  /** The page's field and checkbox-row classes (the player's ql-…, the widgets' qw-…). */
  classes?: { field: string; consent: string };
}

const playerClasses = { field: 'ql-field', consent: 'ql-field ql-consent' };

/** The optional phone field and, separate and unticked, the SMS consent checkbox with the owner's legal text. */
export function PhoneFields(props: Props) {
  const { phone, smsConsent, smsConsentText, error, onPhone, onSmsConsent } = props;
  const { idPrefix = 'ql-lead', classes = playerClasses } = props;
  const errorId = `${idPrefix}-phone-error`;
  return (
    <>
      <div className={classes.field}>
        <label htmlFor={`${idPrefix}-phone`}>{t('lead.phone')}</label>
        <input
          id={`${idPrefix}-phone`}
          className="qp-input"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          placeholder={t('lead.phone')}
          maxLength={30}
          value={phone}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onInput={(event) => onPhone(event.currentTarget.value)}
        />
        {error ? (
          <p id={errorId} className="qp-field-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className={classes.consent}>
        <input
          id={`${idPrefix}-sms-consent`}
          type="checkbox"
          checked={smsConsent}
          onChange={(event) => onSmsConsent(event.currentTarget.checked)}
        />
        <label htmlFor={`${idPrefix}-sms-consent`}>{smsConsentText}</label>
      </div>
    </>
  );
}
