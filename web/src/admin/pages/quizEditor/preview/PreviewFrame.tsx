import { quizDefaults } from '@quizlead/shared/quizzes.ts';
import type { TQuiz } from '@quizlead/shared/schemas/quiz.ts';
import type { CSSProperties, ReactNode } from 'react';
import { paletteOf } from '@quizlead/shared/themePalettes.ts';
import type { Palette } from '@quizlead/shared/themePalettes.ts';

interface Props {
  quiz: TQuiz;
  companyLogoUrl: string | null;
  /** Free accounts show the 'Powered By' footer link. */
  free: boolean;
  /** The footer's right side, such as the question counter. */
  footerNote?: string;
  children: ReactNode;
}

/** The player's chrome around every preview screen: header, themed content area, footer. */
export function PreviewFrame({ quiz, companyLogoUrl, free, footerNote, children }: Props) {
  const { settings } = quiz;
  const colors = paletteOf(settings);
  const background: CSSProperties = settings.backgroundImage
    ? { backgroundImage: `url("${settings.backgroundImage}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
    : { background: colors.contentBg };
  const showLogo = settings.showCompanyLogo && companyLogoUrl;
  return (
    <div className="ql-preview" style={background} data-theme={settings.theme}>
      <div className="ql-preview__header" style={{ background: colors.headerBg, color: colors.headerText }}>
        {showLogo ? <img className="ql-preview__logo" src={companyLogoUrl} alt="Company logo" /> : null}
        {settings.showTitle ? <span className="ql-preview__title">{quiz.title || 'Untitled quiz'}</span> : null}
      </div>
      <div className="ql-preview__body" style={{ color: colors.contentText }}>
        {children}
      </div>
      <div className="ql-preview__footer" style={{ background: colors.footerBg, color: colors.footerText }}>
        {free ? (
          <a href="/" target="_blank" rel="noreferrer" style={{ color: colors.footerText }}>
            {quizDefaults.poweredBy}
          </a>
        ) : (
          <span>{settings.footerMessage}</span>
        )}
        {footerNote ? <span>{footerNote}</span> : null}
      </div>
    </div>
  );
}

/** A button in the quiz's colours. */
export function PreviewButton({ colors, children, onClick }: { colors: Palette; children: ReactNode; onClick?: () => void }) {
  return (
    <button
      type="button"
      className="ql-preview__button"
      style={{ background: colors.buttonBg, color: colors.buttonText }}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** Owner-written rich text, already sanitised by the server or produced by our editor. */
export function Html({ html, className, style }: { html: string; className?: string; style?: CSSProperties }) {
  return <div className={className ?? 'ql-preview__html'} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
}
