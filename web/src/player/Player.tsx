import { isAnswered, togglePick } from '@quizlead/shared/engine/advance.ts';
import { firstQuestionId, nextQuestionId } from '@quizlead/shared/engine/branching.ts';
import type { TQuizResult } from '@quizlead/shared/engine/results.ts';
import { t } from '@quizlead/shared/i18n/translate.ts';
import type { TLeadRequest, TPlayOutcome, TPublicQuiz, TPublicQuizQuestion } from '@quizlead/shared/schemas/play.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadAnalytics, track } from './analytics.ts';
import { startAdPixels, firePixels } from '../public/adPixels.ts';
import { productsValue, type PixelItem } from '../public/pixelEvents.ts';
import { ApiError, playApi } from './api.ts';
import { CustomLeadForm } from './CustomLeadForm.tsx';
import { markInteracted } from './focus.ts';
import { Waiting } from './Frame.tsx';
import { LeadForm } from './LeadForm.tsx';
import { PlayerPage } from './PlayerPage.tsx';
import { currentPlay, forgetPlayId, keptPlay, rememberPlay, type PlaySession, type PlayStep } from './playSession.ts';
import { QuestionScreen } from './QuestionScreen.tsx';
import { ResultScreen } from './ResultScreen.tsx';
import { shareUrl, type PlayerRoute } from './route.ts';
import { StartScreen } from './StartScreen.tsx';
import { leadFrameColors } from './theme.ts';
import { asVariantShows } from './variant.ts';
import { OutcomePrize } from './OutcomePrize.tsx';
import { visitorId } from '../public/visitorId.ts';
import { reportConverted } from '../public/frame.ts';
import { showItemLanguage } from '../public/language.ts';
import { localizeItem } from '@quizlead/shared/i18n/itemTexts.ts';

type Completed = Extract<TPlayOutcome, { status: 'completed' }>;
type LeadFormSpec = Extract<TPlayOutcome, { status: 'lead_required' }>['leadForm'];

/** The visitor flow (spec: account-player-management.md §4; spec: builder-widgets-shell.md §2.9). */
type Screen =
  | { name: 'loading' }
  | { name: 'failed'; message: string }
  | { name: 'start' }
  | { name: 'question' }
  | { name: 'generating'; error: string | null }
  | { name: 'lead'; form: LeadFormSpec }
  | { name: 'result'; outcome: Completed; leadSaved?: boolean }
  | { name: 'redirecting' };

/** How long a completed pick stays on screen before the next question. */
const advanceDelayMs = 250;

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** The questions as this play shows them: randomised when the owner asks (question order only without branching). */
function playOrder(quiz: TPublicQuiz): TPublicQuizQuestion[] {
  const { randomizeQuestions, randomizeAnswers } = quiz.settings;
  const questions = randomizeQuestions && !quiz.branching.enabled ? shuffled(quiz.questions) : quiz.questions;
  return questions.map((question) =>
    randomizeAnswers && question.kind !== 'true_false' ? { ...question, answers: shuffled(question.answers) } : question,
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The questions in a kept step's order, or null when the quiz changed since (a question or answer added or gone). */
function resumedOrder(quiz: TPublicQuiz, step: PlayStep): TPublicQuizQuestion[] | null {
  const byId = new Map(quiz.questions.map((question) => [question.id, question]));
  if (step.order.length !== byId.size || step.path.length === 0) return null;
  const ordered: TPublicQuizQuestion[] = [];
  for (const [questionId, answerIds] of step.order) {
    const question = byId.get(questionId);
    if (!question || answerIds.length !== question.answers.length) return null;
    const answers = answerIds.map((answerId) => question.answers.find((answer) => answer.id === answerId));
    if (answers.some((answer) => answer === undefined)) return null;
    ordered.push({ ...question, answers: answers as TPublicQuizQuestion['answers'] });
  }
  return step.path.every((id) => byId.has(id)) ? ordered : null;
}

export function Player({ route }: { route: PlayerRoute }) {
  const { quizId, preview, embedded, variant } = route;
  const [quiz, setQuiz] = useState<TPublicQuiz | null>(null);
  const [screen, setScreen] = useState<Screen>(quizId ? { name: 'loading' } : { name: 'failed', message: t('player.notFound') });
  const [questions, setQuestions] = useState<TPublicQuizQuestion[]>([]);
  /** The visited questions, the current one last: Back walks this path. */
  const [path, setPath] = useState<string[]>([]);
  const [picks, setPicks] = useState<Record<string, string[]>>({});
  const play = useRef<PlaySession | null>(null);
  const token = useRef<Promise<string> | null>(null);
  const answers = useRef<Record<string, string[]>>({});
  const advanceTimer = useRef<number | undefined>(undefined);
  /** A reload found the answers sent: the server is asked again for the play's outcome (the lead form or the result). */
  const resubmit = useRef(false);

  useEffect(() => {
    if (!quizId) return;
    playApi.quiz(quizId, preview).then(
      async (fetched) => {
        // The item's own languages (the owner's fixed or default one) may change the language shown.
        const language = await showItemLanguage(fetched);
        const loaded = asVariantShows(localizeItem('quiz', fetched, language), visitorId(), variant);
        setQuiz(loaded);
        // A reload mid-play resumes it where it was, with the same play, token and picks.
        const kept = keptPlay(loaded.id);
        const order = kept?.step ? resumedOrder(loaded, kept.step) : null;
        if (kept?.step && order) {
          play.current = kept;
          token.current = kept.token ? Promise.resolve(kept.token) : null;
          setQuestions(order);
          setPath(kept.step.path);
          setPicks(kept.step.picks);
          if (kept.step.answered) {
            answers.current = Object.fromEntries(kept.step.path.map((id) => [id, kept.step!.picks[id] ?? []]));
            resubmit.current = true;
            setScreen({ name: 'generating', error: null });
          } else setScreen({ name: 'question' });
        } else setScreen({ name: 'start' });
        document.title = loaded.settings.metaTitle || loaded.title || document.title;
        if (loaded.settings.metaDescription) {
          const meta = document.createElement('meta');
          meta.name = 'description';
          meta.content = loaded.settings.metaDescription;
          document.head.appendChild(meta);
        }
        if (!preview && loaded.settings.googleAnalyticsId) loadAnalytics(loaded.settings.googleAnalyticsId);
        startAdPixels(loaded.settings, preview);
      },
      (error: unknown) => {
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setScreen({ name: 'failed', message: missing ? t('player.notFound') : messageOf(error) });
      },
    );
  }, [quizId, preview, variant]);

  useEffect(() => () => window.clearTimeout(advanceTimer.current), []);

  const engineQuiz = useMemo(
    () => ({ questions, branching: quiz?.branching ?? { enabled: false, branches: [] } }),
    [questions, quiz],
  );
  const frameColors = useMemo(() => (quiz ? leadFrameColors(quiz.settings) : null), [quiz]);
  const eventParams = useMemo(() => ({ quiz_id: quiz?.id ?? '', quiz_title: quiz?.title ?? '' }), [quiz]);
  const pixelItem = useMemo((): PixelItem => ({ kind: 'quiz', id: quiz?.id ?? '', title: quiz?.title ?? '' }), [quiz]);

  /**
   * The play token; asked for again when it is missing, failed or (`renew`) refused as expired. A play
   * id the server knows under another key (storage copied from elsewhere) is dropped for a fresh play.
   */
  const playToken = useCallback(
    (renew = false): Promise<string> => {
      if (!token.current || renew) {
        const startPlay = () => playApi.start(quiz!.id, play.current!, preview).then((started) => started.playToken);
        const request = startPlay().catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 409)) throw error;
          forgetPlayId(quiz!.id);
          play.current = currentPlay(quiz!.id);
          return startPlay();
        });
        token.current = request;
        request.then(
          (playToken) => {
            // Kept for a reload while the play is still in progress (not retaken or completed meanwhile).
            const current = play.current;
            if (current && keptPlay(quiz!.id)?.id === current.id) rememberPlay(quiz!.id, current, { token: playToken });
          },
          () => {
            if (token.current === request) token.current = null;
          },
        );
      }
      return token.current;
    },
    [quiz, preview],
  );

  const withToken = useCallback(
    async <T,>(call: (playToken: string) => Promise<T>): Promise<T> => {
      try {
        return await call(await playToken());
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return call(await playToken(true));
        throw error;
      }
    },
    [playToken],
  );

  const showOutcome = useCallback(
    (outcome: TPlayOutcome) => {
      if (outcome.status === 'lead_required') return setScreen({ name: 'lead', form: outcome.leadForm });
      forgetPlayId(quiz!.id);
      track('quiz_complete', eventParams);
      firePixels({ name: 'completion', item: pixelItem, outcome: outcome.summary, value: productsValue(outcome.products) });
      if (outcome.redirectUrl && /^https?:\/\//i.test(outcome.redirectUrl)) {
        setScreen({ name: 'redirecting' });
        window.location.assign(outcome.redirectUrl);
        return;
      }
      setScreen({ name: 'result', outcome });
    },
    [quiz, eventParams, pixelItem],
  );

  const submitAnswers = useCallback(async () => {
    setScreen({ name: 'generating', error: null });
    try {
      showOutcome(await withToken((playToken) => playApi.answers(play.current!.id, playToken, answers.current)));
    } catch (error) {
      setScreen({ name: 'generating', error: messageOf(error) });
    }
  }, [showOutcome, withToken]);

  useEffect(() => {
    if (!resubmit.current || !quiz) return;
    resubmit.current = false;
    void submitAnswers();
  }, [quiz, submitAnswers]);

  // The step reached, kept for a reload: each question shown, and the answers once sent.
  const answered = screen.name === 'generating' || screen.name === 'lead';
  const keepsStep = screen.name === 'question' || answered;
  useEffect(() => {
    if (!quiz || !play.current || !keepsStep) return;
    const order = questions.map((question): [string, string[]] => [question.id, question.answers.map((answer) => answer.id)]);
    rememberPlay(quiz.id, play.current, { step: { order, path, picks, answered } });
  }, [quiz, keepsStep, answered, questions, path, picks]);

  /** The lead as sent: a code still being made is asked for again by sending it once more. */
  const sentLead = useRef<TLeadRequest | null>(null);

  /** Sends the lead and counts the conversion (analytics, the experiment, the ad pixels); answers the outcome. */
  const sendLead = useCallback(
    async (lead: TLeadRequest) => {
      sentLead.current = lead;
      const outcome = await withToken((playToken) => playApi.lead(play.current!.id, playToken, lead));
      track('lead_submit', eventParams);
      reportConverted();
      firePixels({ name: 'lead', item: pixelItem });
      return outcome;
    },
    [withToken, eventParams, pixelItem],
  );

  const submitLead = useCallback(async (lead: TLeadRequest) => showOutcome(await sendLead(lead)), [sendLead, showOutcome]);

  /** A lead offered under the result: the result stays, and thanks replace the form. */
  const submitLeadAfterResult = useCallback(
    async (lead: TLeadRequest) => {
      const outcome = await sendLead(lead);
      if (outcome.status === 'completed') setScreen({ name: 'result', outcome, leadSaved: true });
    },
    [sendLead],
  );

  /** The code was still being made: the same lead again answers it once it is ready (the result stays). */
  const checkPrizeAgain = useCallback(async () => {
    const lead = sentLead.current;
    if (!lead) return;
    const outcome = await withToken((playToken) => playApi.lead(play.current!.id, playToken, lead));
    if (outcome.status === 'completed') setScreen((current) => (current.name === 'result' ? { ...current, outcome } : current));
  }, [withToken]);

  const finish = useCallback(
    (visited: string[], allPicks: Record<string, string[]>) => {
      answers.current = Object.fromEntries(visited.map((id) => [id, allPicks[id] ?? []]));
      void submitAnswers();
    },
    [submitAnswers],
  );

  const start = () => {
    if (!quiz) return;
    markInteracted();
    play.current = currentPlay(quiz.id);
    token.current = null;
    void playToken().catch(() => undefined);
    track('quiz_start', eventParams);
    firePixels({ name: 'start', item: pixelItem });
    const ordered = playOrder(quiz);
    const first = firstQuestionId({ questions: ordered, branching: quiz.branching });
    setQuestions(ordered);
    setPicks({});
    if (first === null) return finish([], {});
    setPath([first]);
    setScreen({ name: 'question' });
  };

  /** After the current question: the next one on the branch, or the end (also when a branch loops back). */
  const advance = (visited: string[], allPicks: Record<string, string[]>) => {
    const currentId = visited[visited.length - 1]!;
    const next = nextQuestionId(engineQuiz, currentId, allPicks[currentId] ?? []);
    if (next === null || visited.includes(next)) finish(visited, allPicks);
    else setPath([...visited, next]);
  };

  const currentId = path[path.length - 1];
  const current = questions.find((question) => question.id === currentId);

  // Each question shown tells the owner's drop-off report (never in preview; failures are ignored).
  const showing = screen.name === 'question' ? currentId : undefined;
  useEffect(() => {
    const id = play.current?.id;
    if (preview || !showing || !id) return;
    playToken().then(
      (playToken) => playApi.progress(id, playToken, showing),
      () => undefined,
    );
  }, [preview, showing, playToken]);

  const pick = (answerId: string) => {
    if (!current || advanceTimer.current !== undefined) return;
    const updated = { ...picks, [current.id]: togglePick(current, picks[current.id] ?? [], answerId) };
    setPicks(updated);
    if (!isAnswered(current, updated[current.id]!)) return;
    const visited = path;
    advanceTimer.current = window.setTimeout(() => {
      advanceTimer.current = undefined;
      advance(visited, updated);
    }, advanceDelayMs);
  };

  const back = () => {
    if (advanceTimer.current !== undefined || path.length < 2) return;
    setPath(path.slice(0, -1));
  };

  const retake = () => {
    window.clearTimeout(advanceTimer.current);
    advanceTimer.current = undefined;
    if (quiz) forgetPlayId(quiz.id);
    play.current = null;
    token.current = null;
    answers.current = {};
    setPath([]);
    setPicks({});
    setScreen({ name: 'start' });
  };

  const body = (() => {
    switch (screen.name) {
      case 'loading':
        return <Waiting message={t('player.loading')} />;
      case 'failed':
        return (
          <div className="ql-screen ql-screen--center">
            <p className="qp-alert" role="alert">
              {screen.message}
            </p>
          </div>
        );
      case 'start':
        return <StartScreen quiz={quiz!} onStart={start} />;
      case 'question':
        return current ? (
          <QuestionScreen
            key={current.id}
            question={current}
            picks={picks[current.id] ?? []}
            onPick={pick}
            onBack={path.length > 1 ? back : null}
            onNext={isAnswered(current, picks[current.id] ?? []) ? () => advance(path, picks) : null}
          />
        ) : null;
      case 'generating':
        return screen.error ? (
          <div className="ql-screen ql-screen--center">
            <p className="qp-alert" role="alert">
              {screen.error}
            </p>
            <button type="button" className="ql-button" onClick={() => void submitAnswers()}>
              {t('common.tryAgain')}
            </button>
          </div>
        ) : (
          <Waiting message={t('player.generating')} />
        );
      case 'lead':
        return screen.form.type === 'custom' ? (
          <CustomLeadForm code={screen.form.code} colors={frameColors!} settings={quiz!.settings} onSubmit={submitLead} />
        ) : (
          <LeadForm settings={quiz!.settings} onSubmit={submitLead} />
        );
      case 'result':
        return (
          <ResultScreen
            quiz={quiz!}
            result={screen.outcome.result as TQuizResult}
            summary={screen.outcome.summary}
            // An answer cached from before products existed has none.
            products={screen.outcome.products ?? []}
            cartProperties={screen.outcome.cartProperties ?? {}}
            pageUrl={shareUrl(window.location)}
            onRetake={retake}
            afterResult={
              <>
                {screen.outcome.prize ? <OutcomePrize prize={screen.outcome.prize} onCheckAgain={checkPrizeAgain} /> : null}
                {screen.leadSaved ? (
                  <p className="ql-lead-thanks" role="status">
                    {t('lead.thanks')}
                  </p>
                ) : screen.outcome.leadForm?.type === 'custom' ? (
                  <CustomLeadForm
                    code={screen.outcome.leadForm.code}
                    colors={frameColors!}
                    settings={quiz!.settings}
                    onSubmit={submitLeadAfterResult}
                  />
                ) : screen.outcome.leadForm ? (
                  <LeadForm settings={quiz!.settings} onSubmit={submitLeadAfterResult} underResult />
                ) : null}
              </>
            }
          />
        );
      case 'redirecting':
        return <Waiting message={t('player.processing')} />;
    }
  })();

  return (
    <PlayerPage
      quiz={quiz}
      embedded={embedded}
      screen={screen.name}
      counter={screen.name === 'question' && current ? { current: path.length, total: questions.length } : null}
    >
      {body}
    </PlayerPage>
  );
}
