// The control endpoints, the scenarios they set and the latency and failure drills.
export { CONTROL_HEADERS, CONTROL_JSON_HEADERS, createControlRoutes, listControlPaths } from './control-routes.js';
export { withDrills } from './drills.js';
export { createRateLimitedAnswer, createScenarioSlot, SCENARIO_NAMES, type RateLimitedAnswerOptions } from './scenario.js';
