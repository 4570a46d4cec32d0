import { AccessDenied } from "../../../components/access-denied";
import { pageMeta } from "../../../lib/meta";

export function meta() {
  return pageMeta("Access Denied", "This area of GreenScape Charlotte is restricted to administrators.", {
    noindex: true,
  });
}

export default function AccessDeniedPage() {
  return <AccessDenied />;
}
