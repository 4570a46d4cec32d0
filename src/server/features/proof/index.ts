export { galleryMessages } from "./gallery-consent.js";
export {
  addPhotos,
  countPhotos,
  jobForParty,
  photosByJob,
  photosByPriceChange,
  photosOf,
  type WrittenPhoto,
  writePhotos,
} from "./photos.js";
export { processPhoto, sendPhoto } from "./process-photo.js";
