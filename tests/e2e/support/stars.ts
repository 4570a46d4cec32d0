import type { Locator } from "playwright-core";
import { expect } from "vitest";

/**
 * Checks the radio of `n` stars in a star group (visually hidden, under its star), again if a re-render of
 * the job list (a refetch on focus) lands between the click and the check.
 */
export async function chooseStars(group: Locator, n: number) {
  const radio = group.getByLabel(`${n} stars`, { exact: true });
  await expect
    .poll(async () => {
      if (!(await radio.isChecked())) await radio.check({ force: true }).catch(() => undefined);
      return radio.isChecked();
    })
    .toBe(true);
}
