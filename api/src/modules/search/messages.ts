import { siteSearchMessages } from "@klarwerk/kit";

/** German answers of /api/search (the texts themselves are the kit's: the header shows the same). */
export const searchApiMessages = {
  termTooShort: siteSearchMessages.termTooShort,
  termTooLong: siteSearchMessages.termTooLong,
} as const;
