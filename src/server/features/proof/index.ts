export { addPhotos, countPhotos, jobForParty, photosByJob, photosOf } from "./photos.js";
export { processPhoto } from "./process-photo.js";
