// What other features may use of accounts (the linter forbids reaching past this file).
export { useSignOut } from "./api/sign-out";
export { ConfirmEmailBanner } from "./components/confirm-email-banner";
export { MasterBanner } from "./components/master-tools-slot";
export { ChangePasswordFields } from "./components/new-password-fields";
export { useChangePasswordForm } from "./hooks/use-change-password-form";
