// The module federation exposes as "./Dashboard" (screens.ts); the screen lives in its feature.
export { default } from "../features/dashboard/Dashboard";
