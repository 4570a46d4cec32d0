export const roles = ["customer", "landscaper", "admin"] as const;
export type Role = (typeof roles)[number];
