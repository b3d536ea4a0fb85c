import { PreviewCard } from '../../components/engagement/PreviewCard.tsx';
import { feedbackDefaults, type FeelingType } from '@quizlead/shared/engagement.ts';
import { FeelingRow } from './FeelingRow.tsx';
import './feedbacks.css';

/** The widget's look without a custom colour. */
export const defaultAccent = '#8144e5';

interface Props {
  title: string;
  question: string;
  feelingType: FeelingType;
  /** The custom theme colour, or null for the default look. */
  color: string | null;
  collectEmail: boolean;
}

/** What visitors will see, drawn as the form is filled in (the defaults until something is typed). */
export function FeedbackPreview({ title, question, feelingType, color, collectEmail }: Props) {
  const accent = color ?? defaultAccent;
  return (
    <PreviewCard>
      <div className="ql-feedback-preview" aria-label="Preview of the web response" role="figure">
        <div className="ql-feedback-preview__header" style={{ background: accent }}>
          <p className="ql-feedback-preview__title">{title.trim() || feedbackDefaults.title}</p>
        </div>
        <div className="ql-feedback-preview__body">
          <p className="ql-feedback-preview__question">{question.trim() || feedbackDefaults.question}</p>
          <FeelingRow type={feelingType} accent={accent} />
          {collectEmail ? (
            <div className="ql-feedback-preview__input" aria-hidden="true">
              Enter your email
            </div>
          ) : null}
          <div className="ql-feedback-preview__button" style={{ background: accent }} aria-hidden="true">
            Send
          </div>
        </div>
      </div>
    </PreviewCard>
  );
}
