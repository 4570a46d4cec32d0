import { AreaLayout, AreaPending } from "./area-layout";
import { areaLoader } from "./load-area";

export const clientLoader = areaLoader("admin");
export const HydrateFallback = () => <AreaPending area="admin" />;
export default function AdminArea() {
  return <AreaLayout area="admin" />;
}
