import type { LucideIcon } from "lucide-react";
import { Flower2, Leaf, Scissors, Shovel, Snowflake, Sprout, TreeDeciduous } from "lucide-react";

export interface ServiceInfo {
  name: string;
  summary: string;
  icon: LucideIcon;
}

/** The seven services of the quote catalogue, as the marketing pages describe them. */
export const services: ServiceInfo[] = [
  {
    name: "Lawn Mowing",
    summary:
      "Even, healthy cuts on a weekly or bi-weekly schedule, with clippings blown off drives and walks.",
    icon: Sprout,
  },
  {
    name: "Edging & Trimming",
    summary:
      "Crisp lines along sidewalks, driveways and beds, and tidy trimming where the mower can't reach.",
    icon: Scissors,
  },
  {
    name: "Mulch Installation",
    summary: "Fresh hardwood or pine mulch that locks in moisture through Charlotte's hot, humid summers.",
    icon: Shovel,
  },
  {
    name: "Bush/Shrub Trimming",
    summary: "Shaping and thinning for boxwoods, hollies and azaleas, timed so next season's blooms survive.",
    icon: TreeDeciduous,
  },
  {
    name: "Leaf Removal",
    summary: "Fall and early-winter clean-ups that keep willow oak leaves from smothering your turf.",
    icon: Leaf,
  },
  {
    name: "Flower Bed Maintenance",
    summary: "Weeding, deadheading and seasonal planting that keep your beds looking cared for all year.",
    icon: Flower2,
  },
  {
    name: "Seasonal Clean-Up",
    summary:
      "Spring and fall resets: debris hauled away, beds refreshed, and your yard ready for the season.",
    icon: Snowflake,
  },
];
