import { picksNeeded } from '@quizlead/shared/engine/advance.ts';
import type { TPublicQuizQuestion } from '@quizlead/shared/schemas/play.ts';
import { useRef } from 'react';
import { t } from '@quizlead/shared/i18n/translate.ts';
import { Html } from './Frame.tsx';
import { useScreenFocus } from './focus.ts';

interface Props {
  question: TPublicQuizQuestion;
  picks: readonly string[];
  onPick(answerId: string): void;
  /** Back to the previous question of the visited path; null on the first. */
  onBack: (() => void) | null;
  /** Forward without changing the picks, for a question answered before (after going back). */
  onNext: (() => void) | null;
}

/**
 * One question. Single-answer questions are toggle buttons (aria-pressed), multiple-answer ones
 * checkboxes; the player moves on by itself once the question has the picks it needs.
 */
export function QuestionScreen({ question, picks, onPick, onBack, onNext }: Props) {
  const titleRef = useRef<HTMLDivElement>(null);
  useScreenFocus(titleRef, question.id);
  const multiple = question.kind === 'multiple';
  const needed = picksNeeded(question);
  const withImages = question.answers.some((answer) => answer.image);
  const titleId = `ql-q-${question.id}`;
  return (
    <div className="ql-screen ql-question">
      {question.image ? <img className="ql-question__image" src={question.image} alt="" /> : null}
      <div ref={titleRef} id={titleId} className="ql-question__title" role="heading" aria-level={2} tabIndex={-1}>
        <Html html={question.title} />
      </div>
      {multiple ? (
        <p className="ql-question__hint" aria-live="polite">
          {t('player.picked', { picked: picks.length, needed })}
        </p>
      ) : null}
      <div className={withImages ? 'ql-answers ql-answers--images' : 'ql-answers'} role="group" aria-labelledby={titleId}>
        {question.answers.map((answer) => {
          const picked = picks.includes(answer.id);
          return (
            <button
              key={answer.id}
              type="button"
              className={answer.image ? 'ql-answer ql-answer--image' : 'ql-answer'}
              role={multiple ? 'checkbox' : undefined}
              aria-checked={multiple ? picked : undefined}
              aria-pressed={multiple ? undefined : picked}
              onClick={() => onPick(answer.id)}
            >
              {answer.image ? <img src={answer.image} alt="" /> : null}
              <span className="ql-answer__row">
                <span className={multiple ? 'ql-mark ql-mark--box' : 'ql-mark'} aria-hidden="true" />
                <span className="ql-answer__text" dir="auto">
                  {answer.text}
                </span>
              </span>
            </button>
          );
        })}
      </div>
      {onBack || onNext ? (
        <div className="ql-question__nav">
          {onBack ? (
            <button type="button" className="ql-link-button" onClick={onBack}>
              <span aria-hidden="true" className="ql-arrow">
                ←
              </span>{' '}
              {t('player.back')}
            </button>
          ) : (
            <span />
          )}
          {onNext ? (
            <button type="button" className="ql-link-button" onClick={onNext}>
              {t('player.next')}{' '}
              <span aria-hidden="true" className="ql-arrow">
                →
              </span>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
