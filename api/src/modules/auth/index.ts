/**
 * What the auth module offers the rest of the API (other modules, tools, the start): the only file
 * of this folder they may import (biome.json). Its Elysia plugin, `routes.ts`, is imported by
 * api/src/app.ts alone, so that importing this file stays cheap (no routes, no PDF library).
 */

export { isSecureOrigin } from "./known-device.ts";
export { authApiMessages } from "./messages.ts";
export { hashPassword, verifyPassword } from "./passwords.ts";
export { findUserForLogin } from "./store.ts";
export { checkPasswordLength, checkPasswordStrength, normalizeEmail } from "./validation.ts";
