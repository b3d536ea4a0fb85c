import { currentLanguage, t } from '@quizlead/shared/i18n/translate.ts';
import { directionOf } from '@quizlead/shared/i18n/languages.ts';
import type { TLeadRequest } from '@quizlead/shared/schemas/play.ts';
import type { TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useScreenFocus } from './focus.ts';
import { formBridgeScript, formBridgeTexts } from './formBridge.ts';
import { Consent, EmailResultOptIn } from './LeadForm.tsx';

interface Props {
  /** The owner's form HTML. */
  code: string;
  /** The theme's content colours, for the frame's own page. */
  colors: { text: string; background: string };
  /**
   * With a privacy text the player asks for consent below the owner's form, as on the standard form; with
   * result emails on, "Email me my result" too.
   */
  settings: Pick<TQuizSettings, 'privacyPolicyText' | 'privacyPolicyUrl' | 'resultEmail'>;
  onSubmit(lead: TLeadRequest): Promise<void>;
}

type BridgeMessage =
  | { type: 'quizlead-lead'; name: unknown; email: unknown; consent: unknown; fields: unknown }
  | { type: 'quizlead-form-height'; height: unknown };

const frameStyle = (colors: Props['colors']) =>
  `html,body{margin:0}body{padding:4px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;` +
  `color:${colors.text};background:${colors.background}}input,select,textarea,button{font:inherit}` +
  `#quizlead-error{background:#fef3f2;color:#9f1c12;padding:8px 12px;border-radius:8px}`;

/** Only string fields, as many and as long as the API takes. */
function cleanFields(fields: unknown): Record<string, string> {
  if (!fields || typeof fields !== 'object') return {};
  const entries = Object.entries(fields as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .slice(0, 30)
    .map(([key, value]) => [key.slice(0, 100), value.slice(0, 2000)]);
  return Object.fromEntries(entries);
}

/**
 * The owner's own form, rendered in a sandboxed frame without allow-same-origin: its HTML and scripts
 * never reach the player's origin. The bridge script inside validates and posts the lead; only
 * messages from this frame's window are taken.
 */
export function CustomLeadForm({ code, colors, settings, onSubmit }: Props) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  // Keyboard users land in the form itself.
  useScreenFocus(frameRef, 'custom-lead');
  const [height, setHeight] = useState(240);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const savingRef = useRef(false);
  const hasPrivacy = settings.privacyPolicyText.trim() !== '';
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>(undefined);
  const consentRef = useRef(false);
  const [emailResult, setEmailResult] = useState(false);
  const emailResultRef = useRef(false);
  const srcDoc = useMemo(
    () =>
      `<!doctype html><html lang="${currentLanguage()}" dir="${directionOf(currentLanguage())}" data-texts="${formBridgeTexts()}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<style>${frameStyle(colors)}</style><script>${formBridgeScript}</script></head><body>${code}</body></html>`,
    [code, colors],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent<BridgeMessage>) => {
      if (!frameRef.current || event.source !== frameRef.current.contentWindow) return;
      const message = event.data;
      if (message?.type === 'quizlead-form-height' && typeof message.height === 'number') {
        setHeight(Math.min(4000, Math.max(80, Math.ceil(message.height) + 8)));
      } else if (message?.type === 'quizlead-lead' && !savingRef.current) {
        if (hasPrivacy && !consentRef.current) {
          setConsentError(t('lead.consentRequired'));
          document.getElementById('ql-lead-consent')?.focus();
          return;
        }
        setConsentError(undefined);
        savingRef.current = true;
        setSaving(true);
        setError(null);
        onSubmit({
          name: String(message.name ?? ''),
          email: String(message.email ?? ''),
          consent: hasPrivacy || message.consent === true,
          ...(settings.resultEmail ? { emailResult: emailResultRef.current } : {}),
          fields: cleanFields(message.fields),
        }).catch((failure: unknown) => {
          setError(failure instanceof Error ? failure.message : String(failure));
          savingRef.current = false;
          setSaving(false);
        });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onSubmit, hasPrivacy, settings.resultEmail]);

  return (
    <div className="ql-screen ql-lead">
      <div className="ql-lead__status" role="status">
        {saving ? t('player.saving') : ''}
      </div>
      {error ? (
        <p className="qp-alert" role="alert">
          {error}
        </p>
      ) : null}
      <iframe
        ref={frameRef}
        className="ql-lead__frame"
        title={t('lead.formFrame')}
        sandbox="allow-scripts allow-forms"
        srcDoc={srcDoc}
        style={{ height }}
      />
      {hasPrivacy ? (
        <Consent
          settings={settings}
          checked={consent}
          error={consentError}
          onChange={(checked) => {
            consentRef.current = checked;
            setConsent(checked);
            if (checked) setConsentError(undefined);
          }}
        />
      ) : null}
      {settings.resultEmail ? (
        <EmailResultOptIn
          checked={emailResult}
          onChange={(checked) => {
            emailResultRef.current = checked;
            setEmailResult(checked);
          }}
        />
      ) : null}
    </div>
  );
}
