/**
 * The survey block on both pages: silent while it checks (nothing is shown until there is a question), then the
 * question as a choice list (with "Other" and its text) or a rating, then the thanks. Anything that goes wrong
 * before the question shows leaves the block empty; a failed answer says so politely and can be sent again.
 */
import { useEffect, useState } from 'preact/hooks';
import { OTHER_TEXT_MAX } from './config.ts';
import type { SurveyHost } from './host.ts';
import { answeredKey, fetchSurvey, sendAnswer } from './surveyApi.ts';
import type { Answer, Surface, Survey } from './surveyApi.ts';

export interface PostPurchaseSurveyProps {
  host: SurveyHost;
  surface: Surface;
  /** The order's GID from the page (undefined while the page has none: nothing is shown). */
  orderId: string | undefined;
}

type Step = { name: 'hidden' } | { name: 'asking'; survey: Survey } | { name: 'thanked'; survey: Survey };

async function alreadyAnswered(host: SurveyHost, orderId: string): Promise<boolean> {
  try {
    return Boolean(await host.storage.read(answeredKey(orderId)));
  } catch {
    return false;
  }
}

export function PostPurchaseSurvey({ host, surface, orderId }: PostPurchaseSurveyProps) {
  const [step, setStep] = useState<Step>({ name: 'hidden' });

  useEffect(() => {
    setStep({ name: 'hidden' });
    if (!orderId) return;
    let current = true;
    void (async () => {
      if (await alreadyAnswered(host, orderId)) return;
      const locale = host.localization.language.value?.isoCode;
      const survey = await fetchSurvey(host, { orderId, surface, locale });
      if (current && survey) setStep({ name: 'asking', survey });
    })().catch(() => undefined);
    return () => {
      current = false;
    };
  }, [host, orderId, surface]);

  if (step.name === 'hidden' || !orderId) return null;
  if (step.name === 'thanked') {
    return (
      <s-stack accessibilityRole="status">
        <s-text>{step.survey.thanks || host.i18n.translate('thanks')}</s-text>
      </s-stack>
    );
  }
  return (
    <SurveyForm
      host={host}
      survey={step.survey}
      onSend={async (answer) => {
        await sendAnswer(host, { orderId, surface, surveyId: step.survey.id, ...answer });
        // Remembered on this device so neither page asks again; the app refuses a second answer anyway.
        await host.storage.write(answeredKey(orderId), true).catch(() => undefined);
        setStep({ name: 'thanked', survey: step.survey });
      }}
    />
  );
}

interface Option {
  value: string;
  label: string;
  accessibilityLabel?: string;
}

/** The question's options: the choices (and "Other" when the app names one it did not list), or 1…ratingMax. */
function optionsOf(survey: Survey, translate: SurveyHost['i18n']['translate']): Option[] {
  if (survey.layout === 'rating') {
    return Array.from({ length: survey.ratingMax }, (_, index) => ({
      value: String(index + 1),
      label: String(index + 1),
      accessibilityLabel: translate('ratingChoice', { value: index + 1, max: survey.ratingMax }),
    }));
  }
  const options: Option[] = survey.choices.map((choice) => ({ value: choice.id, label: choice.label }));
  if (survey.otherChoiceId && !options.some((option) => option.value === survey.otherChoiceId)) {
    options.push({ value: survey.otherChoiceId, label: translate('other') });
  }
  return options;
}

function SurveyForm({ host, survey, onSend }: { host: SurveyHost; survey: Survey; onSend: (answer: Answer) => Promise<void> }) {
  const t = host.i18n.translate;
  const [selected, setSelected] = useState<string | null>(null);
  const [otherText, setOtherText] = useState('');
  const [sending, setSending] = useState(false);
  const [choiceError, setChoiceError] = useState('');
  const [otherError, setOtherError] = useState('');
  const [sendError, setSendError] = useState('');
  const isOther = survey.layout === 'choice' && selected !== null && selected === survey.otherChoiceId;

  async function submit() {
    if (sending) return;
    setSendError('');
    if (selected === null) {
      setChoiceError(t('chooseAnswer'));
      return;
    }
    if (isOther && otherText.trim() === '') {
      setOtherError(t('describeOther'));
      return;
    }
    const answer: Answer =
      survey.layout === 'rating'
        ? { rating: Number(selected) }
        : isOther
          ? { choiceId: selected, otherText: otherText.trim() }
          : { choiceId: selected };
    setSending(true);
    try {
      await onSend(answer);
    } catch {
      setSending(false);
      setSendError(t('sendFailed'));
    }
  }

  return (
    <s-stack gap="base">
      <s-heading>{survey.question}</s-heading>
      <s-choice-list
        name="answer"
        label={survey.question}
        labelAccessibilityVisibility="exclusive"
        variant={survey.layout === 'rating' ? 'inline' : 'auto'}
        values={selected === null ? [] : [selected]}
        error={choiceError || undefined}
        disabled={sending}
        onChange={(event: Event) => {
          const values = (event.currentTarget as unknown as { values?: string[] }).values ?? [];
          setSelected(values[0] ?? null);
          setChoiceError('');
        }}
      >
        {optionsOf(survey, t).map((option) => (
          <s-choice key={option.value} value={option.value} accessibilityLabel={option.accessibilityLabel}>
            {option.label}
          </s-choice>
        ))}
      </s-choice-list>
      {isOther && (
        <s-text-field
          label={t('other')}
          value={otherText}
          maxLength={OTHER_TEXT_MAX}
          error={otherError || undefined}
          disabled={sending}
          onInput={(event: Event) => {
            setOtherText((event.currentTarget as unknown as { value?: string }).value ?? '');
            setOtherError('');
          }}
        />
      )}
      <s-stack accessibilityRole="status">{sendError && <s-text tone="critical">{sendError}</s-text>}</s-stack>
      <s-button variant="primary" loading={sending} onClick={() => void submit()}>
        {survey.submitLabel || t('submit')}
      </s-button>
    </s-stack>
  );
}
