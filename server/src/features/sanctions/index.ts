export { parseUnList, SanctionsListError, type ListedPerson } from './un-list.ts';
export {
  ScreeningIndex,
  DEFAULT_MATCH_THRESHOLD,
  type ScreeningHit,
  type ScreenedPerson,
} from './screening.ts';
export { evaluateScreening, type LabelledCase } from './evaluation.ts';
export {
  replaceList,
  allListedPeople,
  recordHits,
  screeningState,
  screeningOf,
  hitsOf,
  decideHits,
} from './sanctions-repository.ts';
export { nameWords, normaliseName, nameSimilarity, jaroWinkler } from './name-match.ts';
