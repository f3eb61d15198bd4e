// Credit decisions (DESIGN D21, decision 0109): the public module other features use.
export {
  borrowerLimit,
  decidePushedOrder,
  limitCaps,
  modelActor,
  type RecordedDecision,
} from './decide-order.ts';
export { gatherDecisionInputs, type Application } from './decision-inputs.ts';
export {
  activateModel,
  decidingModels,
  findModelByHash,
  modelHash,
  modelHistory,
  ModelRefused,
  saveModel,
} from './decision-models.ts';
export { borrowerDeclineReasons, declineNotice, findOrderDecision } from './decision-records.ts';
export {
  overrideDecision,
  overridesPerOfficer,
  pendingReviewRequests,
  requestHumanReview,
} from './people-on-decisions.ts';
export { formatSimulation, simulateModels, type Simulation, type SimulationFigures } from './simulate.ts';
export {
  demoApplicantOutcomes,
  findDemoApplicant,
  seedDemoDecisions,
  type DemoApplicantOutcome,
} from './demo-decisions.ts';
export { consoleCreditRoutes } from './console-credit-routes.ts';
