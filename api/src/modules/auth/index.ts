/**
 * The auth module's public face: what the app and other modules may use. Everything else in
 * this folder is its own (a Biome rule refuses deeper imports from outside).
 */
export { authApiMessages } from "./messages.ts";
export { hashPassword } from "./passwords.ts";
export { authModule } from "./routes.ts";
export { findUserForLogin } from "./store.ts";
export { checkPasswordLength, checkPasswordStrength, normalizeEmail } from "./validation.ts";
