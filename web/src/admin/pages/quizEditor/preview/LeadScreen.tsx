import { typeTraits } from '@quizlead/shared/quizzes.ts';
import type { TQuiz } from '@quizlead/shared/schemas/quiz.ts';
import { PreviewButton } from './PreviewFrame.tsx';
import { paletteOf } from '@quizlead/shared/themePalettes.ts';

/** The email and name form shown before the result. */
export function LeadScreen({ quiz }: { quiz: TQuiz }) {
  const { settings } = quiz;
  const colors = paletteOf(settings);
  if (!settings.collectEmail) {
    return (
      <div className="ql-preview__screen ql-preview__screen--center">
        <p className="ql-preview__muted">Email collection is off: players go straight to their result.</p>
      </div>
    );
  }
  if (settings.emailFormType === 'custom') {
    const code = typeTraits(quiz.quizType).personalities ? quiz.personalities[0]?.emailFormCode : settings.emailFormCode;
    return (
      <div className="ql-preview__screen">
        <p className="ql-preview__muted">Your own form, shown in a sandbox:</p>
        {/* Owner-supplied HTML is only ever rendered inside a sandboxed frame, without scripts. */}
        <iframe className="ql-preview__form-frame" title="Custom email form" sandbox="" srcDoc={code ?? ''} />
      </div>
    );
  }
  return (
    <div className="ql-preview__screen ql-preview__screen--center">
      <p className="ql-preview__lead-message">{settings.emailMessage}</p>
      <input className="ql-preview__input" placeholder={settings.nameFieldText} aria-label="Name (preview)" readOnly />
      <input className="ql-preview__input" placeholder={settings.emailFieldText} aria-label="Email (preview)" readOnly />
      {settings.privacyPolicyText ? (
        <p className="ql-preview__small">
          {settings.privacyPolicyUrl ? (
            <a href={settings.privacyPolicyUrl} target="_blank" rel="noreferrer" style={{ color: 'inherit' }}>
              {settings.privacyPolicyText}
            </a>
          ) : (
            settings.privacyPolicyText
          )}
        </p>
      ) : null}
      <PreviewButton colors={colors}>{settings.continueButtonText}</PreviewButton>
    </div>
  );
}
