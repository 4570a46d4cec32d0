import type { Locator, Page } from "playwright-core";
import { cameraPhoto } from "./photos";

/**
 * Picks `count` camera-like JPEGs in a photo picker (the proof feature's 'Choose photos' button) as a
 * person does: the button opens the file chooser, which gets the files.
 */
export async function choosePhotos(page: Page, within: Locator, count = 1) {
  const chooser = page.waitForEvent("filechooser");
  await within.getByRole("button", { name: "Choose photos" }).click();
  const files = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `IMG_${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await cameraPhoto(),
    })),
  );
  await (await chooser).setFiles(files);
  await within.getByRole("img", { name: `Chosen (${count}): IMG_${count}.jpg` }).waitFor();
}
