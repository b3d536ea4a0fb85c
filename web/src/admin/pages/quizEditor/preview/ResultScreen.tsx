import { computeResult, resultSummary, visibleLength } from '@quizlead/shared/engine/index.ts';
import type { TPlayAnswers, TQuizResult } from '@quizlead/shared/engine/index.ts';
import { shownOffer } from '@quizlead/shared/offer.ts';
import type { TPersonality, TQuiz } from '@quizlead/shared/schemas/quiz.ts';
import { Html, PreviewButton } from './PreviewFrame.tsx';
import { paletteOf } from '@quizlead/shared/themePalettes.ts';

/** The personality a result leads with, for the types that have one. */
function leadingPersonality(result: TQuizResult): TPersonality | null {
  if (result.kind === 'personality' || result.kind === 'range') return result.personality;
  if (result.kind === 'multiple_personality') return result.personalities[0]?.personality ?? null;
  return null;
}

/** The result page for sample answers (the picks made in the question preview, else each question's first answers). */
export function ResultScreen({ quiz, answers }: { quiz: TQuiz; answers: TPlayAnswers }) {
  const { settings } = quiz;
  const colors = paletteOf(settings);
  const result = computeResult(quiz, answers);
  const personality = leadingPersonality(result);
  const offer = shownOffer(settings);
  const landingUrl = personality ? personality.landingUrl : settings.landingUrl;
  if (settings.landingType === 'custom') {
    return (
      <div className="ql-preview__screen ql-preview__screen--center">
        <p className="ql-preview__muted">Players are sent to your landing page:</p>
        <p className="ql-preview__small">{landingUrl || 'no url yet'}</p>
      </div>
    );
  }
  return (
    <div className="ql-preview__screen ql-preview__screen--center">
      <p className="ql-preview__small">Sample result</p>
      <p className="ql-preview__headline">{resultSummary(result)}</p>
      {visibleLength(settings.scoreMessage) > 0 ? <Html html={settings.scoreMessage} /> : null}
      {personality?.image ? <img className="ql-preview__personality-image" src={personality.image} alt="" /> : null}
      {personality && visibleLength(personality.description) > 0 ? <Html html={personality.description} /> : null}
      {visibleLength(settings.resultPageText) > 0 ? <Html html={settings.resultPageText} /> : null}
      {offer?.message ? <p>{offer.message}</p> : null}
      {offer ? <PreviewButton colors={colors}>{offer.buttonText}</PreviewButton> : null}
      {settings.socialSharing ? <p className="ql-preview__small">{settings.socialSharingText}</p> : null}
      {result.kind === 'graded' && settings.certificateText ? (
        <p className="ql-preview__small ql-preview__certificate">{settings.certificateText}</p>
      ) : null}
      {settings.hideRetakeButton ? null : (
        <button type="button" className="ql-preview__link-button" style={{ color: colors.buttonBg }}>
          {settings.retakeText}
        </button>
      )}
    </div>
  );
}
