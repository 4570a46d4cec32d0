// What other features may use of profiles (the linter forbids reaching past this file).

export { useProfile } from "./api/pros";
export { ProListSection } from "./components/pro-list-section";
export { bookPath } from "./views/profile-view";
