export { InstanceMetrics, metricsPlugin } from "./metrics.js";
