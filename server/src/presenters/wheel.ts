import { withPublicI18n } from './publicI18n.ts';
import { quizDefaults } from '@quizlead/shared/quizzes.ts';
import { publicAdPixels } from './adPixels.ts';
import { wheelLimits } from '@quizlead/shared/engagement.ts';
import type { TPrizePool } from '@quizlead/shared/schemas/prizes.ts';
import type { TPublicWheel, TWheel, TWheelListRow, TWheelSpinRow } from '@quizlead/shared/schemas/wheel.ts';
import type { PublicOwner } from '../db/queries/owner.ts';
import type { WheelSpinRow } from '../db/queries/wheels.ts';
import { awaitsPrizeCode } from '../lib/spinPrize.ts';
import type { WheelRow } from '../policies/wheel.ts';

const status = (wheel: WheelRow) => (wheel.published ? 'published' : 'unpublished');

/** `pools`: each unique-code slice's pool by slot (prizePoolStates); a slice saved a moment ago has none yet. */
export const presentWheel = (
  wheel: WheelRow,
  totalSpins: number,
  pools: ReadonlyMap<string, TPrizePool> = new Map(),
): TWheel => ({
  id: wheel.id,
  slug: wheel.slug,
  description: wheel.description,
  options: wheel.options.map((option, index) => ({
    text: option.text,
    weight: option.weight,
    prizeCode: option.prizeCode,
    prize: option.prize ?? null,
    prizePool: option.prize
      ? (pools.get(String(index)) ?? { status: 'pending', codesLeft: 0, codesGiven: 0, error: null })
      : null,
  })),
  status: status(wheel),
  collectEmail: wheel.collectEmail,
  allowRepeatSpins: wheel.allowRepeatSpins,
  ignoreEmailTags: wheel.ignoreEmailTags,
  playButtonType: wheel.playButtonType,
  playButtonText: wheel.playButtonText,
  playButtonImage: wheel.playButtonImage,
  askPhone: wheel.askPhone,
  smsConsentText: wheel.smsConsentText || quizDefaults.smsConsentText,
  resultEmail: wheel.resultEmail,
  resultEmailSubject: wheel.resultEmailSubject,
  resultEmailBody: wheel.resultEmailBody,
  metaPixelId: wheel.metaPixelId,
  tiktokPixelId: wheel.tiktokPixelId,
  totalSpins,
  createdAt: wheel.createdAt.toISOString(),
  updatedAt: wheel.updatedAt.toISOString(),
});

export const presentWheelRow = (wheel: WheelRow, totalSpins: number): TWheelListRow => ({
  id: wheel.id,
  slug: wheel.slug,
  description: wheel.description,
  status: status(wheel),
  totalSpins,
  createdAt: wheel.createdAt.toISOString(),
});

export const presentWheelSpin = (wheel: WheelRow, spin: WheelSpinRow): TWheelSpinRow => ({
  id: spin.id,
  optionIndex: spin.optionIndex,
  email: spin.email,
  result: spin.result,
  prizeCode: spin.prizeCode,
  prizePending: awaitsPrizeCode(wheel, spin),
  date: spin.createdAt.toISOString(),
  language: spin.language,
});

/** Option texts only: weights and prize codes never reach the visitor before the draw. */
export const presentPublicWheel = (wheel: WheelRow, owner: PublicOwner): TPublicWheel =>
  withPublicI18n('wheel', wheel.i18n, {
    id: wheel.id,
    ownerMode: owner.mode,
    footerLinks: owner.footerLinks,
    slug: wheel.slug,
    description: wheel.description,
    options: wheel.options.map((option) => option.text),
    collectEmail: wheel.collectEmail,
    askPhone: wheel.collectEmail && wheel.askPhone,
    smsConsentText: wheel.smsConsentText || quizDefaults.smsConsentText,
    resultEmail: wheel.collectEmail && wheel.resultEmail,
    playButtonType: wheel.playButtonType,
    playButtonText: wheel.playButtonText,
    playButtonImage: wheel.playButtonImage,
    revealDelayMs: wheelLimits.revealDelayMs,
    ...publicAdPixels(wheel, owner.adPixels),
  });
