import { withoutTrailingSlashes } from "../../../../shared/paths";

/** The client and landscaper flavours of the password screens, chosen by the page's path. */
export type AccountVariant = "client" | "landscaper";

const normalise = withoutTrailingSlashes;

export function forgotPasswordVariantOf(pathname: string): AccountVariant {
  return normalise(pathname) === "/forgot-password/landscaper" ? "landscaper" : "client";
}

const landscaperResetPages = new Set(["/reset-password/landscaper", "/landscaper-reset-password"]);

export function resetPasswordVariantOf(pathname: string): AccountVariant {
  return landscaperResetPages.has(normalise(pathname)) ? "landscaper" : "client";
}

export const forgotPasswordConfig = {
  client: { resetPath: "/reset-password/client", loginPath: "/login/client" },
  // The spec's landscaper form links to /landscaper-login, which forwards to /login/landscaper.
  landscaper: { resetPath: "/reset-password/landscaper", loginPath: "/landscaper-login" },
} as const;

export const resetPasswordConfig = {
  client: {
    invalidLink: "This link is invalid or has expired.",
    afterReset: "/login/client",
    afterResetLabel: "the login page",
    newLinkPath: "/request-reset",
  },
  landscaper: {
    invalidLink: "Invalid or expired link.",
    // /landscaper-portal sends visitors on to /login/landscaper.
    afterReset: "/landscaper-portal",
    afterResetLabel: "the landscaper portal",
    newLinkPath: "/forgot-password/landscaper",
  },
} as const;

/** The sign-up role a path preselects: landscaper on /register/landscaper, client everywhere else. */
export function signUpRoleOf(pathname: string): "customer" | "landscaper" {
  return normalise(pathname) === "/register/landscaper" ? "landscaper" : "customer";
}
