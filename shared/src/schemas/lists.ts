import { z } from 'zod';
import { exportFormats } from '../engagement.ts';

/** The query and answer of every paginated list and spreadsheet export (quizzes, engagement, products, admin). */

export const ZPageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type TPageQuery = z.input<typeof ZPageQuery>;

export const ZExportQuery = z.object({ format: z.enum(exportFormats).default('xlsx') });
export type TExportQuery = z.input<typeof ZExportQuery>;

/** A page of rows with the total across every page. */
export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
