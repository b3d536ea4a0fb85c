import { ownerText, t } from '@quizlead/shared/i18n/translate.ts';
import type { TLeadRequest } from '@quizlead/shared/schemas/play.ts';
import type { TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from './api.ts';
import { useScreenFocus } from './focus.ts';
import { PhoneFields, phoneOfForm, usePhoneCheck } from '../public/PhoneFields.tsx';
import { emailInputAttributes } from '../public/emailInput.ts';

type Field = 'name' | 'email' | 'phone' | 'consent';
type Errors = Partial<Record<Field, string>>;

/** The simple pattern of the spec: something@something.something, no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Props {
  settings: TQuizSettings;
  onSubmit(lead: TLeadRequest): Promise<void>;
  /** Offered under the result (the lead gate after it): part of that screen, so it takes no focus. */
  underResult?: boolean;
}

/**
 * The standard lead form: name, email, the optional phone with its own SMS consent box when the owner
 * asks for a phone, when the owner has a privacy text, a consent checkbox, and when the quiz sends result
 * emails, the optional "Email me my result" box.
 */
export function LeadForm({ settings, onSubmit, underResult = false }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const unattached = useRef<HTMLHeadingElement>(null);
  useScreenFocus(underResult ? unattached : headingRef, 'lead');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [phone, setPhone] = useState('');
  const [smsConsent, setSmsConsent] = useState(false);
  const [emailResult, setEmailResult] = useState(false);
  usePhoneCheck(settings.askPhone);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const hasPrivacy = settings.privacyPolicyText.trim() !== '';
  const nameLabel = ownerText(settings.nameFieldText, 'lead.name');
  const emailLabel = ownerText(settings.emailFieldText, 'lead.email');

  const focusField = (field: Field) => document.getElementById(`ql-lead-${field}`)?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found: Errors = {};
    if (!name.trim()) found.name = t('lead.nameRequired');
    if (!email.trim()) found.email = t('lead.emailRequired');
    else if (!emailPattern.test(email.trim())) found.email = t('lead.emailInvalid');
    const phoneOf = settings.askPhone ? await phoneOfForm(phone, smsConsent) : { phone: '', smsConsent: false };
    if ('error' in phoneOf) found.phone = phoneOf.error;
    if (hasPrivacy && !consent) found.consent = t('lead.consentRequired');
    setErrors(found);
    setFormError(null);
    const first = (['name', 'email', 'phone', 'consent'] as const).find((field) => found[field]);
    if (first || 'error' in phoneOf) return focusField(first ?? 'phone');
    setSaving(true);
    try {
      await onSubmit({
        name: name.trim(),
        email: email.trim(),
        consent,
        ...phoneOf,
        ...(settings.resultEmail ? { emailResult } : {}),
        fields: {},
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === 'name' || field === 'email' || field === 'phone' || field === 'consent') {
        setErrors({ [field]: message });
        focusField(field);
      } else setFormError(message);
      setSaving(false);
    }
  };

  const describedBy = (field: Field) => (errors[field] ? `ql-lead-${field}-error` : undefined);
  const errorText = (field: Field) =>
    errors[field] ? (
      <p id={`ql-lead-${field}-error`} className="qp-field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className={underResult ? 'ql-lead ql-lead--under-result' : 'ql-screen ql-lead'} noValidate onSubmit={submit}>
      <h2 ref={headingRef} className="ql-lead__prompt" tabIndex={-1}>
        {ownerText(settings.emailMessage, 'lead.prompt')}
      </h2>
      <div className="ql-field">
        <label htmlFor="ql-lead-name">{nameLabel}</label>
        <input
          id="ql-lead-name"
          className="qp-input"
          name="name"
          type="text"
          autoComplete="name"
          placeholder={nameLabel}
          maxLength={100}
          value={name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        {errorText('name')}
      </div>
      <div className="ql-field">
        <label htmlFor="ql-lead-email">{emailLabel}</label>
        <input
          id="ql-lead-email"
          className="qp-input"
          {...emailInputAttributes}
          placeholder={emailLabel}
          value={email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
          onInput={(event) => setEmail(event.currentTarget.value)}
        />
        {errorText('email')}
      </div>
      {settings.askPhone ? (
        <PhoneFields
          phone={phone}
          smsConsent={smsConsent}
          smsConsentText={ownerText(settings.smsConsentText, 'lead.smsConsent')}
          error={errors.phone}
          onPhone={setPhone}
          onSmsConsent={setSmsConsent}
        />
      ) : null}
      {hasPrivacy ? <Consent settings={settings} checked={consent} error={errors.consent} onChange={setConsent} /> : null}
      {settings.resultEmail ? <EmailResultOptIn checked={emailResult} onChange={setEmailResult} /> : null}
      {formError ? (
        <p className="qp-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <p className="ql-lead__status" role="status">
        {saving ? t('player.saving') : ''}
      </p>
      <button type="submit" className="ql-button ql-button--large" disabled={saving}>
        {ownerText(settings.continueButtonText, 'player.continue')}
      </button>
    </form>
  );
}

interface ConsentProps {
  settings: Pick<TQuizSettings, 'privacyPolicyText' | 'privacyPolicyUrl'>;
  checked: boolean;
  error: string | undefined;
  onChange(checked: boolean): void;
}

/** The privacy policy text (a link when the owner gave one) with the consent checkbox. */
export function Consent({ settings, checked, error, onChange }: ConsentProps) {
  return (
    <div className="ql-field ql-consent">
      <input
        id="ql-lead-consent"
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'ql-lead-consent-error' : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor="ql-lead-consent">
        {settings.privacyPolicyUrl ? (
          <a href={settings.privacyPolicyUrl} target="_blank" rel="noopener">
            {settings.privacyPolicyText}
          </a>
        ) : (
          settings.privacyPolicyText
        )}
      </label>
      {error ? (
        <p id="ql-lead-consent-error" className="qp-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "Email me my result" (issue 35): shown when the quiz emails respondents their result. */
export function EmailResultOptIn({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <div className="ql-field ql-consent">
      <input
        id="ql-lead-email-result"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor="ql-lead-email-result">{t('resultEmail.optIn')}</label>
    </div>
  );
}
