// The module federation exposes as "./Releases" (screens.ts); the screen lives in its feature.
export { default } from "../features/releases/Releases";
