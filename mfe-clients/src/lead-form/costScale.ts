// The cost slider's scale and format (mfe-clients/README.md, "Cost slider") live in @side-quest/data,
// because the server formats a slider position itself when the form is posted without JavaScript.
export {
  COST_MAX,
  COST_MIN,
  COST_SLIDER_MAX_POSITION,
  DEFAULT_COST,
  DEFAULT_COST_POSITION,
  costToPosition,
  formatCost,
  positionToCost,
} from '@side-quest/data';
