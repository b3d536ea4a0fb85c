/**
 * The app's origin, which the extension calls for the survey and the answers (an absolute address: a fetch to
 * the extension's own script origin is refused). Shopify's CLI inlines `process.env.APP_URL` when it bundles the
 * extension (`shopify app dev` sets it to the tunnel; `APP_URL=https://… shopify app deploy` to the public
 * address), and so does `build.ts`. Otherwise it is shopify.app.toml's `application_url`, which a test keeps equal.
 */
export const DEFAULT_APP_URL = 'https://localhost:3000';

function buildTimeAppUrl(): string | undefined {
  try {
    return process.env.APP_URL;
  } catch {
    // No bundler replaced it, and the extension's worker has no `process`.
    return undefined;
  }
}

export const APP_URL = (buildTimeAppUrl() || DEFAULT_APP_URL).replace(/\/+$/, '');

/** The survey is shown only if the app answers within this; otherwise the block stays empty. */
export const SURVEY_TIMEOUT_MS = 4_000;
/** An answer being sent gives up after this and offers to try again. */
export const ANSWER_TIMEOUT_MS = 10_000;
/** The longest "Other" text the app accepts (the answers route's limit). */
export const OTHER_TEXT_MAX = 500;
