// The module federation exposes as "./Users" (screens.ts); the screen lives in its feature.
export { default } from "../features/users/Users";
