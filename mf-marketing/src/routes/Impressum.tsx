// The module federation exposes as "./Impressum" (screens.ts); the screen lives in its feature.
export { default } from "../features/pages/Impressum";
