import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { ComplaintRules, Limits } from '../constants.ts';
import { idField, intField, textField } from '../form-fields.ts';

/** Spec §3 "Complaint init response": the option lists are title/value pairs. */
const option = z.object({ title: z.string(), value: z.number().int() });

/** The order card of complainPage (spec §3: orderNo, productLogo, productName, status, isShow, list). */
const orderCard = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  productLogo: z.string(),
  productName: z.string(),
  /** The status code (DESIGN D2) and its text from the message catalogue. */
  status: z.number().int(),
  statusText: z.string(),
  /** 1 when a collection-type complaint may be filed on this order. */
  isShow: z.union([z.literal(0), z.literal(1)]),
  list: z.array(z.object({ title: z.string(), value: z.string() })),
});

// '' (no sub-type chosen) and a missing field both mean "none".
const optionalInt = (name: string) =>
  z
    .union([z.literal(''), intField(name)])
    .optional()
    .transform((value) => (value === '' || value === undefined ? 0 : value));

const listItem = z.object({
  id: z.number().int(),
  /** ISO-8601 instant the complaint was filed; the page shows it in the phone's time zone. */
  time: z.string(),
  type: z.string(),
  content: z.string(),
});

export const complaintEndpoints = defineEndpoints(routes, {
  /** Spec §7: with orderId that order is the card; without (the second variant) the latest order is. */
  problemInit: {
    request: z.object({ orderId: idField('orderId').optional() }),
    data: z.object({
      problemType: z.array(option.extend({ icon: z.string() })),
      /** Sub-types of the collection type (value 1). */
      problemSonType: z.array(option),
      orderDetail: orderCard.nullable(),
      orderList: z.array(orderCard),
    }),
  },
  /** Multipart field problemImage; the answer's url goes, comma-joined, into problem-save. */
  uploadProblemImg: {
    request: z.object({
      problemImage: z.file({ message: 'problemImage must be a file' }).max(ComplaintRules.uploadMaxBytes),
    }),
    data: z.object({ url: z.string() }),
  },
  /**
   * Spec §3 "Complaint save payload". Length and image rules are checked by the server's complaint
   * rules so their refusals carry the catalogue's texts; the schema only keeps out absurd input.
   * requestId (ours): one id per composed complaint, so a double tap or a retry files it once.
   */
  problemSave: {
    request: z.object({
      problemType: intField('problemType'),
      problemSonType: optionalInt('problemSonType'),
      problemDetail: textField(Limits.complaintTextMax * 10),
      problemImage: textField(4000).default(''),
      orderNo: textField(64).default(''),
      requestId: z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,64}$/, 'requestId must be 16-64 letters, digits, - or _')
        .optional(),
    }),
    data: z.object({ problemId: z.number().int() }),
  },
  problemList: {
    request: z.object({}),
    data: z.object({
      tabs: z.array(z.object({ key: z.string(), title: z.string(), list: z.array(listItem) })),
    }),
  },
  /** Spec §3 "Complaint detail response". Image lists are URLs readable with the session query. */
  problemDetail: {
    request: z.object({ problemId: idField('problemId') }),
    data: z.object({
      problemId: z.number().int(),
      type: z.string(),
      sonType: z.string(),
      content: z.string(),
      images: z.array(z.string()),
      time: z.string(),
      disposeDetail: z.string(),
      disposeImages: z.array(z.string()),
      /** Non-zero while the borrower is asked to rate the reply (spec §4). */
      isNeedScore: z.union([z.literal(0), z.literal(1)]),
    }),
  },
  /** Spec §3 "Score payload": score 1-5, problemId. */
  saveScore: {
    request: z.object({
      score: intField('score').refine(
        (value) => value >= ComplaintRules.scoreMin && value <= ComplaintRules.scoreMax,
        {
          message: `score must be ${ComplaintRules.scoreMin} to ${ComplaintRules.scoreMax}`,
        },
      ),
      problemId: idField('problemId'),
    }),
    data: z.null(),
  },
});
