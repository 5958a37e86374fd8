// The generate route: its parameters and content negotiation.
export { DEFAULT_QUANTITY, EXCEL_VALUES, FORMATS } from './generate-params.js';
export { createGenerateRoute, formatTimestamp } from './generate-route.js';
