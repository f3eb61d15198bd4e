import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { Defaults } from '../constants.ts';
import { intField } from '../form-fields.ts';

/** Spec §7 "Complaints and service": the customer-service contact values. */
export const contactKfInfo = defineEndpoint(routes.contactKfInfo, {
  request: z.object({
    overall: intField('overall').refine((value) => value === Defaults.contactInfoOverall, {
      message: `overall must be ${Defaults.contactInfoOverall}`,
    }),
  }),
  data: z.object({
    email: z.string(),
    smWa: z.string(),
  }),
});
