import { AreaLayout, AreaPending } from "./area-layout";
import { areaLoader } from "./load-area";

export const clientLoader = areaLoader("customer-onboarding");
export const HydrateFallback = () => <AreaPending area="customer-onboarding" />;
export default function CustomerOnboardingArea() {
  return <AreaLayout area="customer-onboarding" />;
}
