import { AreaLayout, AreaPending } from "./area-layout";
import { areaLoader } from "./load-area";

export const clientLoader = areaLoader("signed-in");
export const HydrateFallback = () => <AreaPending area="signed-in" />;
export default function SignedInArea() {
  return <AreaLayout area="signed-in" />;
}
