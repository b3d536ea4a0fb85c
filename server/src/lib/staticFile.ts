import send from 'koa-send';
import type { AppContext } from '../context.ts';

/**
 * A built file of `root`: its precompressed `.br` or `.gz` sibling (scripts/precompress.ts) when the
 * browser accepts that encoding, else the file. The answer varies with Accept-Encoding, so caches keep
 * one copy per encoding.
 */
export async function sendStaticFile(ctx: AppContext, file: string, root: string): Promise<void> {
  ctx.vary('Accept-Encoding');
  await send(ctx, file, { root });
}
