/**
 * The shapes of Meta Pixel and TikTok Pixel ids (issue 35), without zod so the public bundles can check
 * an id before loading anything: a Meta Pixel id is its dataset's number (10 to 20 digits); TikTok's
 * pixel code is capital letters and digits (unverified: TikTok's pages show 20-character codes
 * starting with C but document no shape, so any 10 to 30 of them are taken). Blank (no pixel) matches.
 */
export const metaPixelIdPattern = /^(\d{10,20})?$/;
export const tiktokPixelIdPattern = /^([A-Z\d]{10,30})?$/;
