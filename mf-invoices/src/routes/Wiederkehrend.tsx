// The module federation exposes as "./Wiederkehrend" (screens.ts); the screen lives in its feature.
export { default } from "../features/recurring/Wiederkehrend";
