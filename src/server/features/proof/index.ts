export { addPhotos, countPhotos, jobForParty, photosByJob, photosOf } from "./photos.js";
export { processPhoto, sendPhoto } from "./process-photo.js";
