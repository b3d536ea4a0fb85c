import type { TFooterLinks } from '@quizlead/shared/poweredBy.ts';
import { t } from '@quizlead/shared/i18n/translate.ts';
import { useEffect, useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { reportHeight } from '../public/frame.ts';
import { emailInputAttributes } from '../public/emailInput.ts';

interface PageProps {
  /** Inside another site's frame: no viewport heights, and the page reports its height to the parent. */
  framed: boolean;
  /** Custom properties for the page's colours (--qw-accent, --qw-accent-text). */
  style?: CSSProperties;
  /** Free accounts' pages carry the 'Powered By' footer, leading where the account's links say (null: none). */
  poweredBy?: TFooterLinks | null;
  /** A wider card, for a page that lays its parts side by side on wide screens (the wheel). */
  wide?: boolean;
  children: ReactNode;
}

/** The page around a widget: a centred card, transparent and height-reporting inside a frame. */
export function Page({ framed, style, poweredBy = null, wide = false, children }: PageProps) {
  const pageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (framed && pageRef.current) return reportHeight(pageRef.current);
  }, [framed]);
  return (
    <div ref={pageRef} className={framed ? 'qw-page qw-page--framed' : 'qw-page'} style={style}>
      <main className={wide ? 'qw-card qw-card--wide' : 'qw-card'}>{children}</main>
      {poweredBy ? <Footer links={poweredBy} /> : null}
    </div>
  );
}

/** 'Powered By': to the sign-up on standalone pages, to the app's listing on a shop's (or no link). */
function Footer({ links }: { links: TFooterLinks }) {
  const href = links.signUp ?? links.poweredBy;
  return (
    <footer className="qw-footer">
      {href ? (
        <a href={href} target="_blank" rel="noopener">
          {t('common.poweredBy')}
        </a>
      ) : (
        <span>{t('common.poweredBy')}</span>
      )}
    </footer>
  );
}

/** A waiting text, announced politely. */
export function Waiting({ message }: { message: string }) {
  return (
    <div className="qw-body qw-center" role="status">
      <span className="qp-spinner" aria-hidden="true" />
      <p className="qp-waiting">{message}</p>
    </div>
  );
}

/** A failed call (spec section 8): 'Server error' and the server's message. */
export function ServerError({ message }: { message: string }) {
  return (
    <div className="qp-alert" role="alert">
      <strong>{t('common.serverError')}</strong> {message}
    </div>
  );
}

/** A page that cannot show its item: a heading that says why. */
export function Unavailable({ title, message }: { title: string; message?: string }) {
  return (
    <div className="qw-body qw-center">
      <h1 className="qw-unavailable">{title}</h1>
      {message ? <ServerError message={message} /> : null}
    </div>
  );
}

interface EmailFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | null | undefined;
  onChange(value: string): void;
}

/** The email a widget asks for, with its error under it (tied to the input for assistive technology). */
export function EmailField({ id, label, value, error, onChange }: EmailFieldProps) {
  return (
    <div className="qw-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="qp-input"
        {...emailInputAttributes}
        placeholder={t('widget.emailPlaceholder')}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="qp-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Moves the focus to a screen's heading when it appears after the visitor's action (not on page load). */
export function useFocusOnShow(ref: RefObject<HTMLElement | null>, key: unknown): void {
  useEffect(() => {
    if (key === null || key === false) return;
    ref.current?.focus({ preventScroll: true });
  }, [ref, key]);
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
