const countFormat = new Intl.NumberFormat('en-US');
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 1,234. */
export const count = (value: number) => countFormat.format(value);

/** '66.7%' (at most one decimal). */
export const percent = (value: number) => `${percentFormat.format(value)}%`;

/** The whole-number share of `part` in `whole`, 0 when the whole is 0. */
export const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
