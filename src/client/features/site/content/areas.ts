/** Neighborhoods named in the marketing copy. */
export const neighborhoods = [
  "Ballantyne",
  "Myers Park",
  "Dilworth",
  "South End",
  "Plaza Midwood",
  "NoDa",
  "Matthews",
  "Huntersville",
] as const;
