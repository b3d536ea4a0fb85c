import { feedbackLimits } from '@quizlead/shared/engagement.ts';
import { localizeMessage, t } from '@quizlead/shared/i18n/translate.ts';
import { feelingLabel } from '@quizlead/shared/i18n/feelingWords.ts';
import { showItemLanguage } from '../public/language.ts';
import { localizeItem } from '@quizlead/shared/i18n/itemTexts.ts';
import type { TPublicFeedback } from '@quizlead/shared/schemas/feedback.ts';
import { useEffect, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { ApiError, emailError, newSubmissionId, widgetApi } from './api.ts';
import { readableOn, validColor } from '../public/color.ts';
import { Face, Star, Thumb } from './icons.tsx';
import { startWidgetPixels, type WidgetPixels } from './pixels.ts';
import { EmailField, messageOf, Page, ServerError, Unavailable, useFocusOnShow, Waiting } from './Shell.tsx';

/** The default look when the owner picked no colour. */
const defaultAccent = '#5b3fc4';

type Load =
  { name: 'loading' } | { name: 'failed'; message: string } | { name: 'ready'; feedback: TPublicFeedback; pixels: WidgetPixels };

/** The feedback widget, /feedback/preview/{id} (spec: builder-widgets-shell.md §2.9, §3, §5). */
export function FeedbackPage({ id, framed }: { id: string; framed: boolean }) {
  const [load, setLoad] = useState<Load>({ name: 'loading' });
  useEffect(() => {
    widgetApi.feedback(id).then(
      async (feedback) => {
        const shown = localizeItem('feedback', feedback, await showItemLanguage(feedback));
        document.title = shown.title;
        // A web response has no preview page: its page is the one visitors see.
        setLoad({ name: 'ready', feedback: shown, pixels: startWidgetPixels('feedback', feedback, feedback.title, false) });
      },
      (error: unknown) => setLoad({ name: 'failed', message: messageOf(error) }),
    );
  }, [id]);

  const accent = validColor(load.name === 'ready' ? load.feedback.customColor : null, defaultAccent);
  const style = { '--qw-accent': accent, '--qw-accent-text': readableOn(accent) } as CSSProperties;
  return (
    <Page
      framed={framed}
      style={style}
      poweredBy={load.name === 'ready' && load.feedback.ownerMode === 'free' ? load.feedback.footerLinks : null}
    >
      {load.name === 'loading' ? <Waiting message={t('feedback.loading')} /> : null}
      {load.name === 'failed' ? <Unavailable title={t('feedback.heading')} message={load.message} /> : null}
      {load.name === 'ready' ? <FeedbackForm feedback={load.feedback} pixels={load.pixels} /> : null}
    </Page>
  );
}

type Errors = { value?: string; email?: string };

function FeedbackForm({ feedback, pixels }: { feedback: TPublicFeedback; pixels: WidgetPixels }) {
  const [value, setValue] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);
  const submissionId = useRef<string | null>(null);
  const clearTimer = useRef<number | undefined>(undefined);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  useFocusOnShow(thanksRef, thanks);
  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  /** Validation texts show for three seconds (spec 5, 9). */
  const showErrors = (found: Errors) => {
    setErrors(found);
    window.clearTimeout(clearTimer.current);
    clearTimer.current = window.setTimeout(() => setErrors({}), feedbackLimits.errorDisplayMs);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found: Errors = {};
    if (!value) found.value = t('feedback.valueRequired');
    const emailProblem = feedback.collectEmail
      ? emailError(email, true, { emailRequired: t('widget.emailRequired'), emailInvalid: t('widget.emailInvalid') })
      : null;
    if (emailProblem) found.email = emailProblem;
    setFailure(null);
    if (found.value || found.email) {
      showErrors(found);
      if (!found.value && found.email) document.getElementById('qw-feedback-email')?.focus();
      return;
    }
    showErrors({});
    setSending(true);
    submissionId.current ??= newSubmissionId();
    try {
      const answer = await widgetApi.respond(feedback.id, {
        submissionId: submissionId.current,
        value: value!,
        email: feedback.collectEmail ? email.trim() : undefined,
      });
      submissionId.current = null;
      if (feedback.collectEmail) pixels.lead();
      // The value as sent ('Happy', '4*', '3'…): the rating in the words the owner's responses show.
      pixels.completion(value!);
      setThanks(answer.message ? localizeMessage(answer.message) : t('feedback.thanks'));
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === 'value' || field === 'email') showErrors({ [field]: messageOf(error) });
      else setFailure(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <header className="qw-header">
        <h1 className="qw-title" dir="auto">
          {feedback.title}
        </h1>
      </header>
      <div className="qw-body">
        {thanks ? (
          <p ref={thanksRef} className="qw-thanks" role="status" tabIndex={-1}>
            {thanks}
          </p>
        ) : (
          <form className="qw-form" noValidate onSubmit={submit}>
            <fieldset
              className={`qw-choices qw-choices--${feedback.feelingType}`}
              aria-describedby={errors.value ? 'qw-feedback-value-error' : undefined}
            >
              <legend className="qw-question">{feedback.question}</legend>
              <div className="qw-choices__row">
                {feedback.values.map((option, index) => (
                  <Choice
                    key={option}
                    feedback={feedback}
                    option={option}
                    index={index}
                    chosenIndex={value === null ? -1 : feedback.values.indexOf(value)}
                    onChoose={() => {
                      setValue(option);
                      setErrors((shown) => ({ ...shown, value: undefined }));
                    }}
                  />
                ))}
              </div>
              {errors.value ? (
                <p id="qw-feedback-value-error" className="qp-field-error" role="alert">
                  {errors.value}
                </p>
              ) : null}
            </fieldset>
            {feedback.collectEmail ? (
              <EmailField
                id="qw-feedback-email"
                label={t('widget.yourEmail')}
                value={email}
                error={errors.email}
                onChange={(typed) => {
                  setEmail(typed);
                  setErrors((shown) => ({ ...shown, email: undefined }));
                }}
              />
            ) : null}
            {failure ? <ServerError message={failure} /> : null}
            <button type="submit" className="qw-button" disabled={sending} aria-busy={sending || undefined}>
              {sending ? t('feedback.sending') : t('feedback.send')}
            </button>
          </form>
        )}
      </div>
    </>
  );
}

interface ChoiceProps {
  feedback: TPublicFeedback;
  option: string;
  index: number;
  chosenIndex: number;
  onChoose(): void;
}

/** One value as a radio button: a picture or a number, with its name (visible, or read out for stars). */
function Choice({ feedback, option, index, chosenIndex, onChoose }: ChoiceProps) {
  const type = feedback.feelingType;
  const checked = index === chosenIndex;
  const label = type === 'star' ? t('feedback.stars', { count: index + 1 }) : feelingLabel(option, t);
  return (
    <label className={checked ? 'qw-choice qw-choice--checked' : 'qw-choice'}>
      <input className="qw-choice__input" type="radio" name="feeling" value={option} checked={checked} onChange={onChoose} />
      <span className="qw-choice__face">
        {type === 'emotion' ? <Face feeling={option} /> : null}
        {type === 'star' ? <Star filled={index <= chosenIndex} /> : null}
        {type === 'thumb' ? <Thumb down={index === 1} /> : null}
        {type === 'scale' ? <span className="qw-choice__number">{option}</span> : null}
      </span>
      {type === 'scale' ? null : <span className={type === 'star' ? 'qp-sr' : 'qw-choice__caption'}>{label}</span>}
    </label>
  );
}
