// The control endpoints, the scenarios they set and the latency and failure drills.
export { CONTROL_HEADERS, CONTROL_JSON_HEADERS, createControlRoutes, listControlPaths } from './control-routes.js';
export { withDrills } from './drills.js';
export {
  createRateLimitedAnswer,
  createScenarioSlot,
  NOT_FOUND_SCENARIO_MESSAGE,
  SCENARIO_NAMES,
  type RateLimitedAnswerOptions,
} from './scenario.js';
