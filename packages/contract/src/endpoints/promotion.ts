import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { Limits } from '../constants.ts';
import { messages } from '../messages.ts';
import { idField, intField, textField } from '../form-fields.ts';

/**
 * Spec §7 "Promotion" and the native shell's SMS login (D1). The phone's market rule (D5) is
 * server configuration, so the schema only insists on digits; the handler applies the market.
 */
const phone = z
  .string()
  .trim()
  .regex(/^\d{6,15}$/, messages.phoneInvalid);

const capcode = z
  .string()
  .trim()
  .regex(new RegExp(`^[0-9A-Za-z]{${Limits.captchaLength}}$`), messages.captchaInvalid);

const smsCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${Limits.smsCodeLength}}$`), messages.smsCodeInvalid);

const sid = z
  .string()
  .trim()
  .regex(/^[\w-]{16,64}$/, messages.captchaSidUnknown);

/** Campaign and device fields are free text from links and shells: short, optional. */
const text = textField(64).trim().optional();

const campaign = {
  app_from: text,
  user_from: text,
  utm_tag: text,
};

export const channelTemplateConfig = z.object({
  id: z.number(),
  appName: z.string(),
  /** May hold `{maxAmount}`, which the server replaces with maxAmountMinor printed as the market does. */
  headline: z.string(),
  subline: z.string(),
  agreementTitle: z.string(),
  agreementText: z.string(),
  // Links the page puts in href: store pages over https, and an app scheme that is not a script.
  androidUrl: z.string().regex(/^https:\/\/[^\s"'<>]+$/, messages.templateLinkInvalid),
  iosUrl: z.string().regex(/^https:\/\/[^\s"'<>]+$/, messages.templateLinkInvalid),
  /**
   * The app's link, e.g. `{appScheme}://open` (the brand's URL scheme, filled by the server like
   * `{brand}` in the texts), to open it when installed.
   */
  appScheme: z
    .string()
    .regex(
      /^(\{appScheme\}|(?!(javascript|data|vbscript):)[a-z][a-z0-9+.-]*):/i,
      messages.templateSchemeInvalid,
    ),
  /** The largest loan the landing advertises, in minor units: `{maxAmount}` in the texts. */
  maxAmountMinor: z.number().int().nonnegative().optional(),
});

export type ChannelTemplateConfig = z.output<typeof channelTemplateConfig>;

const trackingFields = {
  page_id: text,
  ...campaign,
  client_type: z.enum(['ios', 'android']).optional(),
  page_type: intField('page_type').optional(),
};

export const promotionEndpoints = defineEndpoints(routes, {
  channelTemplate: {
    request: z.object({ templateId: idField('templateId') }),
    data: channelTemplateConfig,
  },
  trackVisit: {
    request: z.object(trackingFields),
    data: z.null(),
  },
  getSid: {
    request: z.object({}),
    data: z.object({ sid: z.string() }),
  },
  getCaptcha: {
    // `t` is the page's cache-buster (spec: "sid, time stamp").
    request: z.object({ sid, t: text }),
    /** The PNG itself (route.produces), not an envelope. */
    data: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  },
  getSms: {
    request: z.object({ phone, capcode, sid, deviceId: text, appName: text, ...campaign }),
    data: z.null(),
  },
  trackClick: {
    // The phone is what the visitor typed, valid or not: the click happened either way.
    request: z.object({ ...trackingFields, phone: textField(32).trim().optional() }),
    data: z.null(),
  },
  register: {
    request: z
      .object({
        phone,
        capcode,
        sid,
        smsCode,
        deviceId: text,
        appName: text,
        merchantNumber: intField('merchantNumber').refine((value) => value === 0, {
          message: 'merchantNumber must be 0',
        }),
        userName: textField(32).trim(),
        invite_code: text,
        id: text,
        ...campaign,
      })
      .refine((form) => form.userName === form.phone, {
        message: 'userName must be the phone',
        path: ['userName'],
      }),
    data: z.null(),
  },
  sendLoginCode: {
    request: z.object({ phone, capcode, sid, deviceId: text }),
    data: z.null(),
  },
  smsLogin: {
    request: z.object({ phone, smsCode, deviceId: text }),
    data: z.object({ sessionId: z.string() }),
  },
});
