// What other features may use of accounts (the linter forbids reaching past this file).

export { useSignIn } from "./api/sign-in";
export { useSignOut } from "./api/sign-out";
export { useSignUp } from "./api/sign-up";
export { ConfirmEmailBanner } from "./components/confirm-email-banner";
export { MasterBanner } from "./components/master-tools-slot";
export { ChangePasswordFields } from "./components/new-password-fields";
export { useChangePasswordForm } from "./hooks/use-change-password-form";
