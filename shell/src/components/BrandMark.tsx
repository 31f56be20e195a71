/** The logo: a "K" on the brand colour with an amber dot. Same drawing as public/favicon.svg. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--kw-primary, #15697c)" />
      <path
        d="M10 8v16M10 16l9-8M10 16l9 8"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
      <circle cx="23.5" cy="16" r="2.5" fill="var(--kw-accent, #e4a23c)" />
    </svg>
  );
}
