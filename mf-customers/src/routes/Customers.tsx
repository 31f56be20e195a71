// The module federation exposes as "./Customers" (screens.ts); the screen lives in its feature.
export { default } from "../features/customers/Customers";
