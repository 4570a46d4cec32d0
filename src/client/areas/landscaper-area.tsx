import { AreaLayout, AreaPending } from "./area-layout";
import { areaLoader } from "./load-area";

export const clientLoader = areaLoader("landscaper");
export const HydrateFallback = () => <AreaPending area="landscaper" />;
export default function LandscaperArea() {
  return <AreaLayout area="landscaper" />;
}
