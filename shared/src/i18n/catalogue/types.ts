/**
 * The shape of a built-in catalogue (contract 1 of issue 34): the keys are those of `en.ts`; a
 * plain message is a string, a plural one an object keyed by the language's Intl.PluralRules
 * categories. Types only.
 */
import type en from './en.ts';

/** A plural message: one text per plural category the language has (`one`, `few`, `many`, `other`…). */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>>;

export type Message = string | PluralMessage;

type English = typeof en;

export type CatalogueKey = keyof English;

/** Every key of the English catalogue, each a string or a plural where English has one. */
export type Catalogue = { [Key in CatalogueKey]: English[Key] extends string ? string : PluralMessage };

/** The keys whose message is a plural (they take a `{count}`). */
export type PluralKey = { [Key in CatalogueKey]: English[Key] extends string ? never : Key }[CatalogueKey];
