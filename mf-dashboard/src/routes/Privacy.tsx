// The module federation exposes as "./Privacy" (screens.ts); the screen lives in its feature.
export { default } from "../features/privacy/Privacy";
