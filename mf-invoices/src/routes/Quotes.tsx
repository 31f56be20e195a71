// The module federation exposes as "./Quotes" (screens.ts); the screen lives in its feature.
export { default } from "../features/quotes/Quotes";
