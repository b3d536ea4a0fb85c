import type { TQuizResult } from '@quizlead/shared/engine/results.ts';
import { shownOffer } from '@quizlead/shared/offer.ts';
import type { TPublicQuiz } from '@quizlead/shared/schemas/play.ts';
import type { TRecommendedProduct } from '@quizlead/shared/schemas/products.ts';
import type { TPersonality, TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import { useRef, type ReactNode } from 'react';
import { Html } from './Frame.tsx';
import { useScreenFocus } from './focus.ts';
import { ProductCards } from './ProductCards.tsx';
import { ShareButtons } from './ShareButtons.tsx';
import { resultSummary, type SummaryWords } from '@quizlead/shared/engine/summary.ts';
import { formatNumber, ownerText, t } from '@quizlead/shared/i18n/translate.ts';

interface Props {
  quiz: TPublicQuiz;
  result: TQuizResult;
  summary: string;
  /** The products the result recommends, and the cart properties Add to cart gives them. */
  products: TRecommendedProduct[];
  cartProperties: Record<string, string>;
  pageUrl: string;
  onRetake(): void;
  /** Under the result: the outcome's prize code, the lead form offered after the result, or its thanks. */
  afterResult?: ReactNode;
}

/** Rich text with something a visitor can read (the editor leaves `<p><br></p>` in emptied fields). */
const hasText = (html: string | undefined) => !!html && html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '';

/** A result's numbers and words in the language shown. */
const shownWords = (): SummaryWords => ({
  noResult: t('player.noResult'),
  percent: (value) => formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 }),
  marks: (score, maxScore) => `${formatNumber(score)} / ${formatNumber(maxScore)}`,
  answers: (count) => t('player.answerCount', { count }),
});

const scoreText = (scoreType: TQuizSettings['scoreType'], entry: { score: number; maxScore: number; percentage: number }) =>
  scoreType === 'marks' ? shownWords().marks(entry.score, entry.maxScore) : shownWords().percent(entry.percentage);

/** The result page: the server's result by type, then the owner's offer, texts, sharing and retake. */
export function ResultScreen({ quiz, result, products, cartProperties, pageUrl, onRetake, afterResult = null }: Props) {
  const { settings } = quiz;
  const offer = shownOffer(settings);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useScreenFocus(headingRef, 'result');
  // The server's summary is English (reports, emails): the headline says the same in the visitor's language.
  const headline = resultSummary(result, shownWords());
  return (
    <div className="ql-screen ql-result">
      <p className="ql-result__kicker">{t('player.yourResult')}</p>
      <h2
        ref={headingRef}
        className={headline.length > 40 ? 'ql-result__headline ql-result__headline--long' : 'ql-result__headline'}
        tabIndex={-1}
        data-testid="result-summary"
      >
        {headline}
      </h2>
      <ResultDetails result={result} settings={settings} />
      {hasText(settings.resultPageText) ? <Html html={settings.resultPageText} className="ql-result__text" /> : null}
      {result.kind === 'graded' && settings.certificateText ? (
        <p className="ql-certificate">{ownerText(settings.certificateText, 'player.certificate')}</p>
      ) : null}
      {afterResult}
      <ProductCards products={products} cartProperties={cartProperties} />
      {offer ? (
        <div className="ql-offer">
          {offer.message ? <p className="ql-offer__message">{offer.message}</p> : null}
          <a className="ql-button" href={offer.link} target="_blank" rel="noopener">
            {ownerText(offer.buttonText, 'player.offerButton')}
          </a>
        </div>
      ) : null}
      {settings.socialSharing ? (
        <ShareButtons
          label={ownerText(settings.socialSharingText, 'player.shareLabel')}
          pageUrl={pageUrl}
          title={quiz.title}
          summary={headline}
        />
      ) : null}
      {settings.hideRetakeButton ? null : (
        <button type="button" className="ql-button ql-button--quiet" onClick={onRetake}>
          {ownerText(settings.retakeText, 'player.retake')}
        </button>
      )}
    </div>
  );
}

function ResultDetails({ result, settings }: { result: TQuizResult; settings: TQuizSettings }) {
  switch (result.kind) {
    // The headline already says the score or the personality: the details add the texts.
    case 'graded':
      return hasText(settings.scoreMessage) ? <Html html={settings.scoreMessage} className="ql-result__text" /> : null;
    case 'personality':
      return <PersonalityCard personality={result.personality} showTitle={false} />;
    case 'range':
      return (
        <>
          {hasText(settings.scoreMessage) ? <Html html={settings.scoreMessage} className="ql-result__text" /> : null}
          <PersonalityCard personality={result.personality} showTitle={false} />
        </>
      );
    case 'multiple_personality':
      return (
        <ul className="ql-outcomes">
          {result.personalities.map((entry) => (
            <li key={entry.personality.id} className="ql-outcome">
              <PersonalityCard personality={entry.personality} level={3} />
              <p className="ql-outcome__share">{`${shownWords().percent(entry.share)} · ${t('player.answerCount', { count: entry.count })}`}</p>
              <span className="ql-bar" aria-hidden="true">
                <span style={{ width: `${entry.share}%` }} />
              </span>
            </li>
          ))}
        </ul>
      );
    case 'category_personality':
      return (
        <ul className="ql-outcomes">
          {result.categories.map((entry) => (
            <li key={entry.category.id} className="ql-outcome">
              <h3 className="ql-outcome__category">{entry.category.title}</h3>
              <PersonalityCard personality={entry.personality} level={4} />
            </li>
          ))}
        </ul>
      );
    case 'category_graded':
      return (
        <ul className="ql-outcomes">
          {result.categories.map((entry) => (
            <li key={entry.category.id} className="ql-outcome">
              <h3 className="ql-outcome__category">{entry.category.title}</h3>
              <p className="ql-outcome__score">{scoreText(settings.scoreType, entry)}</p>
              <PersonalityCard personality={entry.personality} level={4} />
            </li>
          ))}
        </ul>
      );
    default:
      return null;
  }
}

interface CardProps {
  personality: TPersonality | null;
  level?: 3 | 4;
  /** False where the headline already names it. */
  showTitle?: boolean;
}

function PersonalityCard({ personality, level = 3, showTitle = true }: CardProps) {
  if (!personality) return null;
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className="ql-personality">
      {personality.image ? <img className="ql-personality__image" src={personality.image} alt={personality.title} /> : null}
      {showTitle ? <Heading className="ql-personality__title">{personality.title}</Heading> : null}
      {hasText(personality.description) ? <Html html={personality.description} className="ql-personality__text" /> : null}
    </div>
  );
}
