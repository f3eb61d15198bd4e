import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { consoleAdminRoutes } from '../console-admin-routes.ts';
import { messages, fillMessage } from '../messages.ts';
import { OPERATOR_NAME_PATTERN, OPERATOR_PASSWORD_MIN_LENGTH, operatorRoles } from '../operators.ts';
import { idField, intField, textField } from '../form-fields.ts';
import { channelTemplateConfig } from './promotion.ts';
import { pageFields, pageOf, signInFailureSummary } from './console.ts';
import { brandLookSchema } from '../brand.ts';

/** Text an admin must fill in: trimmed, not empty, bounded. */
const required = (max: number) => textField(max).trim().min(1, { message: 'is required' });

/** What a channel template row holds for the landing: the borrower call's config minus its id. */
const templateConfig = channelTemplateConfig.omit({ id: true });

const templateView = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  /** As stored: `{maxAmount}` stays a placeholder here; the landing fills it in. */
  config: templateConfig,
});

const serviceContacts = z.object({ email: z.string(), whatsapp: z.string(), phone: z.string() });

const servicePhone = textField(40)
  .trim()
  .regex(/^\+?\d[\d\s-]{5,30}\d$/, { message: messages.servicePhoneInvalid });

/** A brand as the console shows it, with the shades the pages derive from its primary colour. */
const brandView = z.object({
  name: z.string(),
  primary: z.string(),
  accent: z.string(),
  text: z.string(),
  urlScheme: z.string(),
  strong: z.string(),
  soft: z.string(),
});

const role = z.enum(operatorRoles);

/** Never a password hash or a TOTP secret: whether a second factor is set is all that shows. */
const operatorRow = z.object({
  id: z.number().int(),
  name: z.string(),
  role,
  totp: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});

const newPassword = textField(256).refine((value) => value.length >= OPERATOR_PASSWORD_MIN_LENGTH, {
  message: fillMessage(messages.operatorPasswordShort, { min: OPERATOR_PASSWORD_MIN_LENGTH }),
});

export const consoleAdminEndpoints = defineEndpoints(consoleAdminRoutes, {
  consoleTemplates: {
    request: z.object(pageFields),
    data: pageOf(templateView),
  },
  consoleSaveTemplate: {
    request: z.object({
      /** Absent: a new template. */
      templateId: idField('templateId').optional(),
      name: required(80),
      active: z.enum(['0', '1']).default('1'),
      appName: required(80),
      headline: required(200),
      subline: textField(300).trim().default(''),
      agreementTitle: required(120),
      agreementText: textField(20_000).trim().default(''),
      // The borrower call's own rules (https store links, an app scheme that is not a script).
      androidUrl: textField(500).trim().pipe(templateConfig.shape.androidUrl),
      iosUrl: textField(500).trim().pipe(templateConfig.shape.iosUrl),
      appScheme: textField(200).trim().pipe(templateConfig.shape.appScheme),
      /** Minor units; empty leaves the texts' `{maxAmount}` unfilled. */
      maxAmountMinor: intField('maxAmountMinor')
        .refine((value) => value >= 0, { message: 'maxAmountMinor must not be negative' })
        .optional(),
    }),
    data: templateView,
  },
  consoleServiceContacts: {
    request: z.object({}),
    data: z.object({
      /** What borrower pages show now (settings, else the defaults). */
      shown: serviceContacts,
      /** The configured defaults (SUPPORT_EMAIL, SUPPORT_WHATSAPP, SUPPORT_PHONE). */
      defaults: serviceContacts,
    }),
  },
  consoleSaveServiceContacts: {
    request: z.object({
      email: textField(200)
        .trim()
        .pipe(z.email({ message: messages.serviceEmailInvalid })),
      whatsapp: servicePhone,
      phone: servicePhone,
    }),
    data: serviceContacts,
  },
  consoleBrand: {
    request: z.object({}),
    data: z.object({
      /** What the pages show now: the saved brand, else the configured one. */
      shown: brandView,
      /** The configured brand (BRAND_FILE, BRAND_*), what pages show until an admin saves one. */
      defaults: brandView,
      /**
       * Where each configured value comes from: its BRAND_* variable, `BRAND_FILE (path)`, or
       * `default` (Kwarta's own file). A saved brand wins over all of them (decision 0096).
       */
      configuredFrom: z.object({
        name: z.string(),
        primary: z.string(),
        accent: z.string(),
        text: z.string(),
        urlScheme: z.string(),
      }),
      /** Who saved the brand shown and when; null while the configured one shows. */
      saved: z.object({ by: z.string(), at: z.string() }).nullable(),
    }),
  },
  consoleSaveBrand: {
    request: brandLookSchema,
    data: brandView,
  },
  consoleResetBrand: {
    request: z.object({}),
    /** The configured brand, which shows again. */
    data: brandView,
  },
  consoleOperators: {
    request: z.object(pageFields),
    data: pageOf(
      operatorRow.extend({
        /** Failed sign-in attempts over the last ConsoleSignInLimits.failuresShownDays days. */
        recentFailures: signInFailureSummary,
      }),
    ),
  },
  consoleCreateOperator: {
    request: z.object({
      name: textField(64).trim().regex(OPERATOR_NAME_PATTERN, { message: messages.operatorNameInvalid }),
      role,
      password: newPassword,
    }),
    data: operatorRow,
  },
  consoleChangeOperator: {
    request: z.object({
      operatorId: idField('operatorId'),
      role: role.optional(),
      disabled: z.enum(['0', '1']).optional(),
    }),
    data: operatorRow,
  },
  consoleResetOperatorPassword: {
    request: z.object({ operatorId: idField('operatorId'), password: newPassword }),
    data: operatorRow,
  },
  consoleComplaintImage: {
    /** The image's public id (base64url), as the inbox lists it. */
    request: z.object({ id: textField(64).regex(/^[\w-]+$/, { message: 'id is not an image id' }) }),
    /** The stored bytes (route.produces), not an envelope. */
    data: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  },
});
