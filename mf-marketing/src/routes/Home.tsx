// The module federation exposes as "./Home" (screens.ts); the screen lives in its feature.
export { default } from "../features/pages/Home";
