import { z } from 'zod';

/**
 * The visitor's country as the server's geolocation places them (issue 35): what the embed script asks
 * once a session, and only for an embed with a country rule. Empty when unknown.
 */
export const ZVisitorCountryResponse = z.object({
  data: z.object({ country: z.string().regex(/^([A-Z]{2})?$/) }),
});
export type TVisitorCountryResponse = z.infer<typeof ZVisitorCountryResponse>;
