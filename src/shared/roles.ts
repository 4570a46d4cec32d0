export const roles = ["customer", "landscaper", "admin"] as const;
export type Role = (typeof roles)[number];

/** Roles a visitor can pick on the sign-up screen. */
export const signupRoles = ["customer", "landscaper"] as const;
export type SignupRole = (typeof signupRoles)[number];
