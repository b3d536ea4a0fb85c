import { z } from 'zod';
import { exportFormats, widgetLimits, widgetMessages, widgetStatuses } from '../engagement.ts';

/** Pieces the poll, web response and wheel schemas share. */

export const ZHexColor = z
  .string({ error: widgetMessages.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, widgetMessages.colorInvalid);

export const ZWidgetStatus = z.enum(widgetStatuses);

/** The id a visitor's browser makes for one submission, so a retried request never counts twice. */
export const ZSubmissionId = z.uuid({ error: 'submissionId must be a uuid' });

/**
 * An email a widget asks for. `required` decides whether an empty one is refused; a non-empty one is
 * always checked. Answers the trimmed email, or null when none was given and none is needed.
 */
export function widgetEmail(
  value: string | null | undefined,
  rules: { required: boolean; requiredMessage: string; invalidMessage: string },
): { email: string | null } | { error: string } {
  const email = (value ?? '').trim();
  if (email === '') return rules.required ? { error: rules.requiredMessage } : { email: null };
  if (email.length > widgetLimits.email || !z.email().safeParse(email).success) return { error: rules.invalidMessage };
  return { email };
}

/** The email field of a public submission: checked against the widget's settings by `widgetEmail`. */
export const ZOptionalEmail = z.string().max(1000).nullish();

export const ZPageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type TPageQuery = z.input<typeof ZPageQuery>;

export const ZExportQuery = z.object({ format: z.enum(exportFormats).default('xlsx') });
export type TExportQuery = z.input<typeof ZExportQuery>;

/** A page of rows with the total across every page. */
export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const ZDemoQuery = z.object({ demo: z.enum(['1', 'true']).optional() });
