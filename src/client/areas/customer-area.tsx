import { AreaLayout, AreaPending } from "./area-layout";
import { areaLoader } from "./load-area";

export const clientLoader = areaLoader("customer");
export const HydrateFallback = () => <AreaPending area="customer" />;
export default function CustomerArea() {
  return <AreaLayout area="customer" />;
}
