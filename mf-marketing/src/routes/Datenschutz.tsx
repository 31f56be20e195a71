// The module federation exposes as "./Datenschutz" (screens.ts); the screen lives in its feature.
export { default } from "../features/pages/Datenschutz";
