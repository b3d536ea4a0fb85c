import { z } from 'zod';
import { wheelLimits, wheelMessages } from '../engagement.ts';
import { visibleLength } from '../engine/text.ts';
import { quizLimits, quizMessages } from '../quizzes.ts';

/**
 * A/B tests: a quiz or a wheel runs two to four variants of one thing (its intro text, where its lead
 * form comes, or its wheel's odds) at once. Each visitor sees one variant, always the same
 * (engine/experiments.ts); the report compares them and the owner ends the test keeping one.
 */

export const experimentSubjects = ['intro', 'leadGate', 'odds'] as const;
export type TExperimentSubject = (typeof experimentSubjects)[number];

/** Where a quiz asks for the email: before the result (the visitor must give it) or after it (optional). */
export const leadGates = ['before', 'after'] as const;
export type TLeadGate = (typeof leadGates)[number];

export const experimentLimits = {
  variantsMin: 2,
  variantsMax: 4,
  name: 60,
  /** Each variant's share of visitors, in percent. */
  shareMin: 1,
  shareMax: 99,
  /** Below this many visitors in each variant the report gives no verdict, only the figures. */
  visitorsForVerdict: 100,
  /** The confidence at which one variant is called better than the original. */
  confidenceForWinner: 0.95,
} as const;

/** The variants' keys, in order: the first is always the original (what the item had before the test). */
export const variantKeys = ['a', 'b', 'c', 'd'] as const;

export const experimentSubjectLabels: Record<TExperimentSubject, string> = {
  intro: 'Intro text',
  leadGate: 'Lead form before or after the result',
  odds: 'Wheel odds',
};

export const leadGateLabels: Record<TLeadGate, string> = {
  before: 'Before the result (the visitor must give an email)',
  after: 'After the result (the visitor may give an email)',
};

export const experimentMessages = {
  title: 'A/B test',
  emptyTitle: 'Find out what works better',
  emptyBody:
    'Show visitors two to four versions at once. Each visitor always sees the same one, and the report compares completion, leads and revenue.',
  start: 'Start test',
  started: 'Test started',
  end: 'End test',
  endTitle: 'End the test and keep one variant?',
  endBody: 'Every visitor will see the variant you keep. The test’s figures stay in its report.',
  ended: (name: string) => `Test ended: “${name}” is now what every visitor sees`,
  alreadyRunning: 'A test is already running. End it before starting another.',
  notRunning: 'This test has already ended.',
  subjectNotForKind: 'This can’t be tested on this item.',
  variantsCount: `Give ${experimentLimits.variantsMin} to ${experimentLimits.variantsMax} variants.`,
  sharesTotal: 'The shares must add up to 100%.',
  shareInvalid: `Each share is a whole number from ${experimentLimits.shareMin} to ${experimentLimits.shareMax}.`,
  nameRequired: 'Give the variant a name.',
  nameTooLong: `A name has at most ${experimentLimits.name} characters.`,
  valueInvalid: 'Give this variant a value.',
  weightsCount: 'Give a weight for every slice of the wheel.',
  winnerUnknown: 'Pick one of the test’s variants.',
  needsEmail: 'Turn on email collection to test where the lead form comes.',
  notEnoughData: (visitors: number) => `Not enough visitors yet: each variant needs ${visitors} for a verdict.`,
  noDifference: 'No clear difference yet.',
} as const;

const ZName = z
  .string()
  .trim()
  .min(1, experimentMessages.nameRequired)
  .max(experimentLimits.name, experimentMessages.nameTooLong);
const ZShare = z
  .number({ error: experimentMessages.shareInvalid })
  .int(experimentMessages.shareInvalid)
  .min(experimentLimits.shareMin, experimentMessages.shareInvalid)
  .max(experimentLimits.shareMax, experimentMessages.shareInvalid);

/** A variant's value: the intro text (rich text), the lead gate, or one weight per wheel slice. */
export const ZIntroValue = z
  .string()
  .max(10_000, 'Text is too long')
  .refine(
    (html) => visibleLength(html) <= quizLimits.richTextVisible,
    quizMessages.richTextTooLong('Intro text', quizLimits.richTextVisible),
  );
export const ZLeadGateValue = z.enum(leadGates, { error: experimentMessages.valueInvalid });
export const ZOddsValue = z
  .array(
    z
      .number({ error: wheelMessages.weightInvalid })
      .positive(wheelMessages.weightInvalid)
      .max(wheelLimits.weightMax, wheelMessages.weightInvalid),
  )
  .min(2, experimentMessages.weightsCount);

const ZVariantBase = z.object({ name: ZName, share: ZShare });

/** What the owner sends to start a test: the subject and the variants, the original first. */
export const ZExperimentInput = z
  .discriminatedUnion('subject', [
    z.object({ subject: z.literal('intro'), variants: z.array(ZVariantBase.extend({ value: ZIntroValue })) }),
    z.object({ subject: z.literal('leadGate'), variants: z.array(ZVariantBase.extend({ value: ZLeadGateValue })) }),
    z.object({ subject: z.literal('odds'), variants: z.array(ZVariantBase.extend({ value: ZOddsValue })) }),
  ])
  .superRefine((input, ctx) => {
    const { variants } = input;
    if (variants.length < experimentLimits.variantsMin || variants.length > experimentLimits.variantsMax) {
      ctx.addIssue({ code: 'custom', message: experimentMessages.variantsCount, path: ['variants'] });
      return;
    }
    const total = variants.reduce((sum, variant) => sum + variant.share, 0);
    if (total !== 100) ctx.addIssue({ code: 'custom', message: experimentMessages.sharesTotal, path: ['variants', 0, 'share'] });
  });
export type TExperimentInput = z.infer<typeof ZExperimentInput>;

export const ZEndExperimentInput = z.object({ winner: z.enum(variantKeys, { error: experimentMessages.winnerUnknown }) });

/** A stored variant: its key ('a' the original), name, share of visitors and value. */
export const ZVariant = z.object({
  key: z.enum(variantKeys),
  name: z.string(),
  share: z.number(),
  value: z.union([z.string(), z.array(z.number())]),
});
export type TVariant = z.infer<typeof ZVariant>;

/** A variant as visitors receive it: the names are the owner's own words for the test, and stay in the report. */
export const ZPublicVariant = ZVariant.omit({ name: true });
export type TPublicVariant = z.infer<typeof ZPublicVariant>;

/** What the player needs to show a visitor their variant (a wheel's odds never leave the server). */
export const ZPublicExperiment = z.object({
  id: z.uuid(),
  subject: z.enum(['intro', 'leadGate']),
  variants: z.array(ZPublicVariant),
});
export type TPublicExperiment = z.infer<typeof ZPublicExperiment>;

const ZComparison = z.object({ difference: z.number(), confidence: z.number() }).nullable();

/** What decides a test: completions (a quiz without email), leads (a quiz with email) or orders (a wheel). */
export const experimentMetrics = ['completions', 'leads', 'orders'] as const;
export type TExperimentMetric = (typeof experimentMetrics)[number];

/** One variant's figures in the report. */
export const ZVariantReport = z.object({
  key: z.enum(variantKeys),
  name: z.string(),
  share: z.number(),
  value: z.union([z.string(), z.array(z.number())]),
  /** Plays started (a quiz), or spins (a wheel). */
  visitors: z.number(),
  /** Plays completed (a quiz); spins (a wheel: every spin completes). */
  completions: z.number(),
  leads: z.number(),
  orders: z.number(),
  /** Revenue in minor units of the test's currency. */
  revenue: z.number(),
  /** Against the original (null for the original): the difference in rate and how sure it is (0–1). */
  completionsVsOriginal: ZComparison,
  leadsVsOriginal: ZComparison,
  ordersVsOriginal: ZComparison,
});
export type TVariantReport = z.infer<typeof ZVariantReport>;

export const ZExperiment = z.object({
  id: z.uuid(),
  subject: z.enum(experimentSubjects),
  status: z.enum(['running', 'ended']),
  winner: z.enum(variantKeys).nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  metric: z.enum(experimentMetrics),
  /** The shop's currency of the revenue figures (null before any order). */
  currency: z.string().nullable(),
  variants: z.array(ZVariantReport),
  /** The variant the figures call best (enough visitors and the confidence reached), else null. */
  leader: z.enum(variantKeys).nullable(),
});
export type TExperiment = z.infer<typeof ZExperiment>;

/** The item's tests, newest first (at most one running). */
export const ZExperimentsResponse = z.object({ data: z.array(ZExperiment) });
export const ZExperimentResponse = z.object({ data: ZExperiment });

/** The cart property that carries a visitor's variant: `{experiment id}:{variant key}`. */
export const variantTag = (experimentId: string, key: string) => `${experimentId}:${key}`;
export function parseVariantTag(tag: string | null): { experimentId: string; key: string } | null {
  const match = /^([0-9a-f-]{36}):([a-d])$/i.exec(tag ?? '');
  return match ? { experimentId: match[1]!.toLowerCase(), key: match[2]!.toLowerCase() } : null;
}

/** The lasting id a visitor's browser keeps (localStorage), so an A/B test shows them the same variant each visit. */
export const ZVisitorId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'visitorId must be 16 to 128 letters, digits, - or _' });
