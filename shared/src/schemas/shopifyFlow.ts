/**
 * Shopify Flow triggers (issue 33; reference C6): the payload limit and the texts the delivery log shows.
 * The trigger handles and fields are the server's (server/src/integrations/shopify/flow/flowTriggers.ts).
 */

export const flowLimits = {
  /**
   * The largest `flowTriggerReceive` payload the app sends, in UTF-8 bytes of its JSON. Shopify's older
   * docs say under 1 MB; the 50 KB often quoted was not found in any source (reference F8), so the app
   * keeps to the smaller figure: answers that would pass it are left out and the note says so.
   */
  payloadBytes: 50 * 1024,
} as const;

export const flowMessages = {
  /** The "Answers note" field when answers were left out. */
  answersTruncated: (kept: number, total: number) =>
    `${total - kept} of ${total} answers left out to keep the payload within Shopify Flow's limit.`,
  /** A delivery whose trigger a merchant switched off between the submission and the attempt. */
  notInUse: (names: string) => `Not sent: no workflow of the shop uses the trigger ${names} any more.`,
} as const;
