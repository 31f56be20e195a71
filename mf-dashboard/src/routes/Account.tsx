// The module federation exposes as "./Account" (screens.ts); the screen lives in its feature.
export { default } from "../features/account/Account";
