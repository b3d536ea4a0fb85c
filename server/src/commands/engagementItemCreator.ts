import type { EngagementKind } from '@quizlead/shared/engagement.ts';
import type { TEngagementBody } from '@quizlead/shared/schemas/engagementKinds.ts';
import { engagementWrite, type EngagementDeps, type EngagementStore } from './engagementItemSaver.ts';

/**
 * Creates an engagement item (poll, web response, wheel) of the account from the builder's body, then
 * what the kind keeps with it (a wheel's prize codes). Returns the row stored.
 */
export async function engagementItemCreator<Kind extends EngagementKind, Row>(
  deps: EngagementDeps,
  input: { store: EngagementStore<Kind, Row>; accountId: string; body: TEngagementBody<Kind> },
): Promise<Row> {
  const { store, accountId } = input;
  const write = engagementWrite(deps, accountId);
  const columns = await store.columns(write, input.body, null);
  const [row] = (await deps.db
    .insert(store.table)
    .values({ ...columns, accountId })
    .returning()) as Row[];
  await store.afterSave?.(write, row!, null);
  return row!;
}
