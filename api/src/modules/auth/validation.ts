/**
 * The rules of what the auth routes take (the shapes are model.ts's): the service applies them
 * once an attempt was counted; password reset shares the password's.
 */
import { hasControlCharacters, isBlank, isEmail, limits } from "@klarwerk/kit";
import { judgePassword, type PasswordOwner } from "@klarwerk/kit/password-strength";
import { HttpError } from "../../http/errors.ts";
import { authApiMessages as messages } from "./messages.ts";
import type { registerRoute } from "./model.ts";

export interface Registration {
  name: string;
  email: string;
  password: string;
}

/** Addresses are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function invalid(message: string): HttpError {
  return new HttpError(422, "validation", message);
}

/** The registration to store, or a 422 with the first problem found, field by field. */
export function validateRegistration(body: typeof registerRoute.body.static): Registration {
  const name = body.name.trim();
  if (isBlank(name)) throw invalid(messages.nameRequired);
  if (name.length > limits.nameMax) throw invalid(messages.nameTooLong);
  // The kit's one-line rule, as for the contact form's name: a name goes into the admins'
  // access-request mail's subject and the user list as one line.
  if (hasControlCharacters(name)) throw invalid(messages.nameControlCharacters);

  const email = normalizeEmail(body.email);
  if (isBlank(email)) throw invalid(messages.emailRequired);
  if (!isEmail(email)) throw invalid(messages.emailInvalid);

  const { password, confirmPassword } = body;
  if (password.length === 0) throw invalid(messages.passwordRequired);
  checkPasswordLength(password);
  if (confirmPassword.length === 0) throw invalid(messages.confirmPasswordRequired);
  if (confirmPassword !== password) throw invalid(messages.passwordMismatch);
  checkPasswordStrength(password, { name, email });

  return { name, email, password };
}

// The rules every chosen password meets, at registration and change alike; else a 422 saying why.

/** The spec's length. */
export function checkPasswordLength(password: string): void {
  if (password.length < limits.passwordMin) throw invalid(messages.passwordTooShort);
  if (password.length > limits.passwordMax) throw invalid(messages.passwordTooLong);
}

/** Not easy to guess, nor built from its owner's name or address. */
export function checkPasswordStrength(password: string, owner: PasswordOwner): void {
  const verdict = judgePassword(password, owner);
  if (verdict.message !== null) throw invalid(verdict.message);
}
