/**
 * The modules this remote exposes, one per route. Read by rsbuild.config.ts and by the prerender
 * (scripts/prerender.ts), which renders the same files to HTML at build time.
 */
export const exposes = {
  "./Home": "./src/routes/Home.tsx",
  "./About": "./src/routes/About.tsx",
  "./Services": "./src/routes/Services.tsx",
  "./Contact": "./src/routes/Contact.tsx",
  "./Impressum": "./src/routes/Impressum.tsx",
  "./Datenschutz": "./src/routes/Datenschutz.tsx",
} as const;
