// The module federation exposes as "./Services" (screens.ts); the screen lives in its feature.
export { default } from "../features/services/Services";
