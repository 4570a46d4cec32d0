import type { LucideIcon } from "lucide-react";
import { Flower2, Leaf, Scissors, Shovel, Snowflake, Sprout, TreeDeciduous } from "lucide-react";
import { services as catalogue, type ServiceId } from "../../../../shared/services";

export interface ServiceInfo {
  name: string;
  summary: string;
  icon: LucideIcon;
}

/** Marketing copy for each service of the quote catalogue; the names come from the catalogue itself. */
const marketing: Record<ServiceId, Omit<ServiceInfo, "name">> = {
  "lawn-mowing": {
    summary:
      "Even, healthy cuts on a weekly or bi-weekly schedule, with clippings blown off drives and walks.",
    icon: Sprout,
  },
  "edging-trimming": {
    summary:
      "Crisp lines along sidewalks, driveways and beds, and tidy trimming where the mower can't reach.",
    icon: Scissors,
  },
  "mulch-installation": {
    summary: "Fresh hardwood or pine mulch that locks in moisture through Charlotte's hot, humid summers.",
    icon: Shovel,
  },
  "bush-shrub-trimming": {
    summary: "Shaping and thinning for boxwoods, hollies and azaleas, timed so next season's blooms survive.",
    icon: TreeDeciduous,
  },
  "leaf-removal": {
    summary: "Fall and early-winter clean-ups that keep willow oak leaves from smothering your turf.",
    icon: Leaf,
  },
  "flower-bed-maintenance": {
    summary: "Weeding, deadheading and seasonal planting that keep your beds looking cared for all year.",
    icon: Flower2,
  },
  "seasonal-cleanup": {
    summary:
      "Spring and fall resets: debris hauled away, beds refreshed, and your yard ready for the season.",
    icon: Snowflake,
  },
};

/** The seven services of the quote catalogue, as the marketing pages describe them. */
export const services: ServiceInfo[] = catalogue.map((service) => ({
  name: service.name,
  ...marketing[service.id],
}));
