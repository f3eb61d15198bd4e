import { ComplaintRules, Limits, type MessageKey } from '@kwarta/contract';

/** Pure complaint rules (spec §2, §5): what may be filed, how an order card reads, which tab. */

/** Where the server serves an image; the URL goes into problemImage and comes back in it. */
export const PROBLEM_IMAGE_PATH = '/user-problem/problem-img';
const IMAGE_URL = /^\/user-problem\/problem-img\/([A-Za-z0-9_-]{22})$/;

export function problemImageUrl(publicId: string): string {
  return `${PROBLEM_IMAGE_PATH}/${publicId}`;
}

/**
 * The image ids in a comma-joined problemImage, in order. An entry that is not one of our image
 * URLs yields null: to the caller it is an image that does not exist.
 */
export function parseImageUrls(joined: string): (string | null)[] {
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      try {
        // Absolute URLs of our own pages are accepted too; only the path is read.
        return IMAGE_URL.exec(new URL(entry, 'http://kwarta.invalid').pathname)?.[1] ?? null;
      } catch {
        return null;
      }
    });
}

export interface ProblemTypeOption {
  parentValue: number;
  value: number;
}

export interface ComplaintDraft {
  problemType: number;
  problemSonType: number;
  problemDetail: string;
  imageCount: number;
  /** The chosen order's isShow; null when the complaint names no order. */
  orderAllowsCollection: boolean | null;
}

/** The first rule a draft breaks, as a catalogue key, or null when it may be filed. */
export function complaintRefusal(
  draft: ComplaintDraft,
  types: readonly ProblemTypeOption[],
): MessageKey | null {
  if (draft.problemDetail.trim() === '') return 'complaintEmpty';
  // UTF-16 units, as the page's textarea maxlength counts them.
  if (draft.problemDetail.length > Limits.complaintTextMax) return 'complaintTooLong';
  if (draft.imageCount > Limits.complaintImagesMax) return 'complaintTooManyImages';
  const topLevel = types.some((type) => type.parentValue === 0 && type.value === draft.problemType);
  if (!topLevel) return 'complaintTypeInvalid';
  const subTypes = types.filter((type) => type.parentValue === draft.problemType);
  const subTypeOk =
    subTypes.length === 0
      ? draft.problemSonType === 0
      : subTypes.some((type) => type.value === draft.problemSonType);
  if (!subTypeOk) return 'complaintTypeInvalid';
  if (draft.problemType === ComplaintRules.collectionProblemType && draft.orderAllowsCollection !== true) {
    return 'collectionTypeRefused';
  }
  return null;
}

/** Rating is asked for once an agent has replied, until the borrower has rated (spec §4). */
export function isNeedScore(problem: { score_requested: number; score: number | null }): 0 | 1 {
  return problem.score_requested === 1 && problem.score === null ? 1 : 0;
}
