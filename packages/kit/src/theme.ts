/**
 * The product's colours and type, in one place. `theme.css` mirrors these values as CSS custom
 * properties for the Mantine-free public pages; `portal.tsx` builds the Mantine theme from them,
 * so the portal and the public site look like one product. Change both together.
 */
export const brandPalette = [
  "#e8f4f6",
  "#d0e8ec",
  "#a2d0d9",
  "#70b6c4",
  "#48a0b2",
  "#2f8fa4",
  "#1f7d92",
  "#15697c",
  "#0e5666",
  "#064250",
] as const;

/** Shade used for filled buttons and links (white text on it passes WCAG AA). */
export const brandPrimaryShade = 7;

/** Headings and strong text (`--kw-ink`). */
export const inkColor = "#14232b";

export const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const headingFontFamily = fontFamily;

export const radius = { sm: "6px", md: "10px", lg: "16px" } as const;
