import { pollDefaults } from '@quizlead/shared/engagement.ts';
import { currentLanguage, formatNumber, localizeMessage, t } from '@quizlead/shared/i18n/translate.ts';
import { showItemLanguage } from '../public/language.ts';
import { localizeItem } from '@quizlead/shared/i18n/itemTexts.ts';
import type { TPollTally, TPublicPoll } from '@quizlead/shared/schemas/poll.ts';
import { useEffect, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { ApiError, newSubmissionId, widgetApi } from './api.ts';
import { useEmailStep } from './useEmailStep.tsx';
import { startWidgetPixels, type WidgetPixels } from './pixels.ts';
import { textOn, validColor } from '../public/color.ts';
import { messageOf, Page, Unavailable, useFocusOnShow, Waiting } from './Shell.tsx';

type Screen =
  | { name: 'loading' }
  | { name: 'failed'; title: string; message?: string }
  | { name: 'choose' }
  | { name: 'confirm'; option: number }
  /** `option`: the visitor's vote, if they just made it; `announce`: the visitor's action led here (focus the heading). */
  | { name: 'results'; option: number | null; message: string; results: TPollTally; announce: boolean };

/**
 * The public poll, /poll/publish/show/{id}/{slug} and the owner's demo /poll/demo/preview/{id}/{slug}
 * (spec: builder-widgets-shell.md §2.9): options, a confirm step (with the email when asked for), then the
 * message and a bar per option with whole-number percentages. A closed poll shows its results.
 */
export function PollPage({ id, demo, framed }: { id: string; demo: boolean; framed: boolean }) {
  const [poll, setPoll] = useState<TPublicPoll | null>(null);
  const [screen, setScreen] = useState<Screen>({ name: 'loading' });
  const pixels = useRef<WidgetPixels | null>(null);

  useEffect(() => {
    widgetApi.poll(id, demo).then(
      async (fetched) => {
        const loaded = localizeItem('poll', fetched, await showItemLanguage(fetched));
        document.title = loaded.description;
        setPoll(loaded);
        pixels.current ??= startWidgetPixels('poll', fetched, fetched.description, demo);
        setScreen(
          loaded.closed
            ? { name: 'results', option: null, message: t('poll.closed'), results: loaded.results, announce: false }
            : { name: 'choose' },
        );
      },
      (error: unknown) => setScreen(failedScreen(error)),
    );
  }, [id, demo]);

  /** This email has voted already (one vote per email): the poll's results as they are now, and why. */
  const showAlreadyVoted = () =>
    widgetApi.poll(id, demo).then(
      (loaded) =>
        setScreen({
          name: 'results',
          option: null,
          message: t('poll.alreadyVoted'),
          results: localizeItem('poll', loaded, currentLanguage()).results,
          announce: true,
        }),
      (error: unknown) => setScreen(failedScreen(error)),
    );

  const background = validColor(poll?.colors.background, pollDefaults.colors.background);
  const style = {
    '--qw-accent': background,
    '--qw-accent-text': textOn(background, poll?.colors.text ?? pollDefaults.colors.text),
  } as CSSProperties;

  return (
    <Page framed={framed} style={style} poweredBy={poll?.ownerMode === 'free' ? poll.footerLinks : null}>
      {screen.name === 'loading' ? <Waiting message={t('poll.loading')} /> : null}
      {screen.name === 'failed' ? <Unavailable title={screen.title} message={screen.message} /> : null}
      {poll && screen.name !== 'loading' && screen.name !== 'failed' ? (
        <>
          <header className="qw-header">
            <h1 className="qw-title" dir="auto">
              {poll.description}
            </h1>
          </header>
          <div className="qw-body">
            {screen.name === 'choose' ? (
              <Options poll={poll} onChoose={(option) => setScreen({ name: 'confirm', option })} />
            ) : null}
            {screen.name === 'confirm' ? (
              <Confirm
                poll={poll}
                option={screen.option}
                onBack={() => setScreen({ name: 'choose' })}
                onVoted={({ email, ...voted }) => {
                  // The option as stored (the tally names it so), whatever language the visitor read it in.
                  if (email) pixels.current?.lead();
                  pixels.current?.completion(voted.results.options[voted.option]?.text ?? poll.options[voted.option] ?? '');
                  setScreen({
                    name: 'results',
                    ...voted,
                    // The tally names the options as stored: shown in the poll's language like the options.
                    results: localizeItem('poll', { ...poll, results: voted.results }, currentLanguage()).results,
                    announce: true,
                  });
                }}
                onAlreadyVoted={showAlreadyVoted}
                onFailed={(error) => setScreen(failedScreen(error))}
              />
            ) : null}
            {screen.name === 'results' ? (
              <Results message={screen.message} option={screen.option} results={screen.results} announce={screen.announce} />
            ) : null}
          </div>
        </>
      ) : null}
    </Page>
  );
}

/** 'Poll Unpublished' for an unpublished poll; 'Server error' and the server's message for other failures. */
function failedScreen(error: unknown): Screen {
  const message = messageOf(error);
  return message === t('poll.unpublished')
    ? { name: 'failed', title: message }
    : { name: 'failed', title: t('poll.heading'), message };
}

function Options({ poll, onChoose }: { poll: TPublicPoll; onChoose(option: number): void }) {
  return (
    <ul className="qw-options" aria-label={t('poll.options')}>
      {poll.options.map((text, index) => (
        <li key={index}>
          <button type="button" className="qw-option" onClick={() => onChoose(index)}>
            {text}
          </button>
        </li>
      ))}
    </ul>
  );
}

interface ConfirmProps {
  poll: TPublicPoll;
  option: number;
  onBack(): void;
  /** `email`: the visitor left one with the vote. */
  onVoted(voted: { option: number; message: string; results: TPollTally; email: boolean }): void;
  /** The server refused the email: it has voted in this poll already. */
  onAlreadyVoted(): void;
  /** The poll went away under the visitor (unpublished or deleted). */
  onFailed(error: unknown): void;
}

function Confirm({ poll, option, onBack, onVoted, onAlreadyVoted, onFailed }: ConfirmProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnShow(headingRef, option);
  const emailStep = useEmailStep('qw-poll-email', poll.collectEmail, {
    emailRequired: t('widget.emailRequired'),
    emailInvalid: t('widget.emailInvalid'),
  });
  const [sending, setSending] = useState(false);
  /** Kept across retries of this vote: the server counts it once. */
  const submissionId = useRef<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!emailStep.check()) return;
    setSending(true);
    submissionId.current ??= newSubmissionId();
    try {
      const voted = await widgetApi.vote(poll.id, {
        submissionId: submissionId.current,
        option,
        email: emailStep.email,
        demo: poll.demo,
      });
      submissionId.current = null;
      onVoted({ ...voted, message: localizeMessage(voted.message), email: Boolean(emailStep.email) });
    } catch (caught) {
      setSending(false);
      if (caught instanceof ApiError && caught.status === 404) return onFailed(caught);
      if (caught instanceof ApiError && caught.status === 409 && caught.field === 'email') return onAlreadyVoted();
      emailStep.refuse(caught);
    }
  };

  return (
    <form className="qw-form" noValidate onSubmit={submit}>
      <h2 ref={headingRef} className="qw-subtitle" tabIndex={-1}>
        {t('poll.yourChoice')}
      </h2>
      <p className="qw-chosen">{poll.options[option]}</p>
      {emailStep.field}
      <div className="qw-actions">
        <button type="submit" className="qw-button" disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('poll.voting') : t('poll.vote')}
        </button>
        <button type="button" className="qw-button qw-button--quiet" disabled={sending} onClick={onBack}>
          {t('poll.change')}
        </button>
      </div>
    </form>
  );
}

interface ResultsProps {
  message: string;
  option: number | null;
  results: TPollTally;
  announce: boolean;
}

/** The tally after a vote: each option's share and votes, and the total. */
export function Results({ message, option, results, announce }: ResultsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnShow(headingRef, announce);
  return (
    <section className="qw-results" aria-labelledby="qw-results-heading">
      <h2 id="qw-results-heading" ref={headingRef} className="qw-subtitle" tabIndex={-1}>
        {message}
      </h2>
      <ul className="qw-bars">
        {results.options.map((result, index) => (
          <li key={index} className={index === option ? 'qw-bar qw-bar--mine' : 'qw-bar'} data-testid="poll-result">
            <div className="qw-bar__label">
              <span className="qw-bar__text">
                {result.text}
                {index === option ? <span className="qw-badge">{t('poll.yourVote')}</span> : null}
              </span>
              <span className="qw-bar__percentage" data-testid="poll-percentage">
                {formatNumber(result.percentage / 100, { style: 'percent', maximumFractionDigits: 2 })}
              </span>
            </div>
            <div className="qw-bar__track" aria-hidden="true">
              <div
                className="qw-bar__fill"
                style={{ width: `${formatNumber(result.percentage / 100, { style: 'percent', maximumFractionDigits: 2 })}` }}
              />
            </div>
            <span className="qw-bar__votes">{t('poll.voteCount', { count: result.votes })}</span>
          </li>
        ))}
      </ul>
      <p className="qw-total">
        {t('poll.total')}: <strong>{formatNumber(results.total)}</strong>
      </p>
    </section>
  );
}
