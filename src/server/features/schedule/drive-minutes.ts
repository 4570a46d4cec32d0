/**
 * Straight-line miles to driving minutes (decision 026): roads run longer than the straight line between two
 * points (a detour factor of 1.3, the usual figure for a street grid), at an average urban speed of 25 mph
 * with lights and residential streets. So one straight-line mile is about 3.1 minutes behind the wheel.
 */
export const DETOUR_FACTOR = 1.3;
export const URBAN_MPH = 25;

export const driveMinutes = (straightLineMiles: number) =>
  ((straightLineMiles * DETOUR_FACTOR) / URBAN_MPH) * 60;

/**
 * Whole minutes the suggested order saves against the booked one, or 0 under one minute (the screen then
 * says nothing: a saving it would have to round up to show is not one).
 */
export function minutesSaved(bookedMiles: number, suggestedMiles: number): number {
  const minutes = driveMinutes(bookedMiles - suggestedMiles);
  return minutes >= 1 ? Math.round(minutes) : 0;
}
