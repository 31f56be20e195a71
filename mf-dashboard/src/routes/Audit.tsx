// The module federation exposes as "./Audit" (screens.ts); the screen lives in its feature.
export { default } from "../features/audit/Audit";
