import { formatNumber, t } from '@quizlead/shared/i18n/translate.ts';
import type { TPublicQuiz } from '@quizlead/shared/schemas/play.ts';
import type { CSSProperties, ReactNode } from 'react';

interface Props {
  quiz: TPublicQuiz | null;
  /** The question counter ("2 / 5"), shown in the footer while a question is on screen. */
  counter?: { current: number; total: number } | null;
  children: ReactNode;
}

/** Header (logo and title), the screen, and the footer (branding or the owner's message, and the counter). */
export function Frame({ quiz, counter, children }: Props) {
  const settings = quiz?.settings;
  const owner = quiz?.owner;
  const logo = settings?.showCompanyLogo && owner?.logoUrl ? owner.logoUrl : null;
  const title = quiz?.title ?? '';
  const note =
    owner?.mode === 'free' ? (
      <>
        {/* A shop's storefront leads to the app's listing, never to the standalone sign-up. */}
        {owner.footerLinks.signUp ? (
          <a href={owner.footerLinks.signUp} target="_blank" rel="noopener">
            {t('player.createYourFreeQuiz')}
          </a>
        ) : null}
        {owner.footerLinks.poweredBy ? (
          <a href={owner.footerLinks.poweredBy} target="_blank" rel="noopener">
            {t('common.poweredBy')}
          </a>
        ) : (
          <span>{t('common.poweredBy')}</span>
        )}
      </>
    ) : settings?.footerMessage ? (
      <span>{settings.footerMessage}</span>
    ) : null;
  return (
    <div className="ql-card">
      <header className="ql-header">
        {logo ? <Logo src={logo} companyName={owner?.companyName ?? ''} companyUrl={owner?.companyUrl ?? ''} /> : null}
        {/* The title is always the page's heading for assistive technology; the owner decides whether it shows. */}
        <h1 className={settings?.showTitle ? 'ql-header__title' : 'qp-sr'} dir="auto">
          {title || t('player.untitled')}
        </h1>
      </header>
      <main className="ql-main">{children}</main>
      {/* A paid quiz without a footer message shows no footer bar but while a question counts; its place stays, so an
          embed's reserved height still fits the first screen and the page does not jump (layout shift). */}
      <footer
        className={note || counter ? 'ql-footer' : 'ql-footer ql-footer--blank'}
        aria-hidden={note || counter ? undefined : true}
      >
        <div className="ql-footer__note">{note}</div>
        <p className="ql-footer__counter" aria-live="polite" aria-atomic="true">
          {counter ? (
            <>
              <span className="qp-sr">{`${t('player.question')} `}</span>
              {`${formatNumber(counter.current)} / ${formatNumber(counter.total)}`}
            </>
          ) : null}
        </p>
      </footer>
    </div>
  );
}

function Logo({ src, companyName, companyUrl }: { src: string; companyName: string; companyUrl: string }) {
  const image = (
    <img
      className="ql-header__logo"
      src={src}
      width={50}
      height={50}
      alt={companyName ? t('player.companyLogo', { company: companyName }) : t('player.companyLogoUnnamed')}
    />
  );
  return /^https?:\/\//i.test(companyUrl) ? (
    <a href={companyUrl} target="_blank" rel="noopener">
      {image}
    </a>
  ) : (
    image
  );
}

/**
 * Owner-written rich text; the server sanitises it with an allow-list before it is stored. Its direction is
 * its own (`dir="auto"`): a text left in the item's default language reads right in a page of the other direction.
 */
export function Html({ html, className, style }: { html: string; className?: string; style?: CSSProperties }) {
  return (
    <div
      className={className ? `ql-html ${className}` : 'ql-html'}
      style={style}
      dir="auto"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A waiting or progress text, announced politely. */
export function Waiting({ message }: { message: string }) {
  return (
    <div className="ql-screen ql-screen--center" role="status">
      <span className="qp-spinner" aria-hidden="true" />
      <p className="qp-waiting">{message}</p>
    </div>
  );
}
