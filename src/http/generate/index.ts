// The generate route: its parameters and content negotiation.
export { DEFAULT_QUANTITY, EXCEL_VALUES, FORMATS, parseSeedParam, queryParamsOf } from './generate-params.js';
export { admit, createGenerateRoute, formatTimestamp, metaOf } from './generate-route.js';
