// The module federation exposes as "./Outbox" (screens.ts); the screen lives in its feature.
export { default } from "../features/outbox/Outbox";
