/**
 * The product mark for printed documents (the invoice PDF's footer): a rounded square in the brand
 * colour with a white "K", drawn as vector shapes only (no text, no fonts, no image fetch), for
 * pdfmake's `svg` node.
 */

/** Brand shade 7 of `theme.ts` (`brandPalette[7]`); change both together. */
const brandColor = "#15697c";

export const invoiceLogoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="${brandColor}"/><path d="M8 5.5v13M16.5 5.5 9.5 12l7 6.5" fill="none" stroke="#ffffff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
