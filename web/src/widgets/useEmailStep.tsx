import { t } from '@quizlead/shared/i18n/translate.ts';
import { useState } from 'react';
import { ApiError, emailError } from './api.ts';
import { EmailField, messageOf, ServerError } from './Shell.tsx';

/**
 * The email a poll vote or a wheel spin asks for (when its owner collects them) and the answer to a send:
 * `check()` before sending shows what is wrong under the field and focuses it; `refuse(caught)` puts the
 * server's refusal under the field when it names the email, else above the button.
 */
export function useEmailStep(id: string, collect: boolean, texts: { emailRequired: string; emailInvalid: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const focus = () => document.getElementById(id)?.focus();

  const check = (): boolean => {
    const problem = collect ? emailError(email, true, texts) : null;
    setError(problem);
    setFailure(null);
    if (problem) focus();
    return !problem;
  };

  const refuse = (caught: unknown) => {
    if (caught instanceof ApiError && caught.field === 'email') {
      setError(caught.message);
      focus();
    } else setFailure(messageOf(caught));
  };

  const field = (
    <>
      {collect ? (
        <EmailField
          id={id}
          label={t('widget.yourEmail')}
          value={email}
          error={error}
          onChange={(typed) => {
            setEmail(typed);
            setError(null);
          }}
        />
      ) : null}
      {failure ? <ServerError message={failure} /> : null}
    </>
  );

  return { email: collect ? email.trim() : undefined, check, refuse, field, setFailure };
}
