// What other features may use of profiles (the linter forbids reaching past this file).
export { ProListSection } from "./components/pro-list-section";
export { bookPath } from "./views/profile-view";
