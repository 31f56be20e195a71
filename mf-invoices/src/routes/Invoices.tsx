// The module federation exposes as "./Invoices" (screens.ts); the screen lives in its feature.
export { default } from "../features/invoices/Invoices";
