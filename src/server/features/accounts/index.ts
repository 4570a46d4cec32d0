// What other features may use of accounts (the linter forbids reaching past this file).
export { getPrincipal, isStaffAccount, type Principal } from "./principal.js";
export { sendVerificationEmail, VERIFICATION_TTL_SECONDS } from "./verification-email.js";
