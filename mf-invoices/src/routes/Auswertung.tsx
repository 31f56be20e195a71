// The module federation exposes as "./Auswertung" (screens.ts); the screen lives in its feature.
export { default } from "../features/report/Auswertung";
