import { AreaLayout, AreaPending } from "./area-layout";
import { areaLoader } from "./load-area";

export const clientLoader = areaLoader("landscaper-onboarding");
export const HydrateFallback = () => <AreaPending area="landscaper-onboarding" />;
export default function LandscaperOnboardingArea() {
  return <AreaLayout area="landscaper-onboarding" />;
}
