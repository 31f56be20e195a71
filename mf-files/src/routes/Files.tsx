// The module federation exposes as "./Files" (screens.ts); the screen lives in its feature.
export { default } from "../features/files/Files";
