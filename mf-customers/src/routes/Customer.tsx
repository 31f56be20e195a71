// The module federation exposes as "./Customer" (screens.ts): one customer's page.
export { default } from "../features/customers/CustomerPage";
