// The module federation exposes as "./About" (screens.ts); the screen lives in its feature.
export { default } from "../features/pages/About";
