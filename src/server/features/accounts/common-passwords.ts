import { dictionary } from "@zxcvbn-ts/language-common";
import { messages, PASSWORD_TOO_COMMON } from "../../../shared/accounts.js";
import { AppError } from "../../lib/errors.js";

let commonPasswords: Set<string> | undefined;

/**
 * Whether a password is in zxcvbn-ts's list of ~49k common passwords. The Set is built on first use:
 * most requests never set a password, so start-up and memory stay untouched until one does.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"].map((entry) => String(entry).toLowerCase()));
  // "Password1" is as guessable as "password1": the list is lower case and attackers try case variants.
  return commonPasswords.has(password.toLowerCase());
}

export function commonPasswordError(): AppError {
  return new AppError(400, PASSWORD_TOO_COMMON, messages.passwordTooCommon);
}

export function assertNotCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw commonPasswordError();
}

/** Better Auth endpoints that set a password, and the body field that carries the new one. */
const newPasswordFields: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
};

/** The new password a Better Auth request would set, if it sets one. */
export function newPasswordOf(authPath: string, body: unknown): string | undefined {
  const field = newPasswordFields[authPath];
  if (!field || typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}
