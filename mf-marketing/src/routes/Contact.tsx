// The module federation exposes as "./Contact" (screens.ts); the screen lives in its feature.
export { default } from "../features/contact/Contact";
