import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { Defaults } from '../constants.ts';
import { intField } from '../form-fields.ts';

export const serviceEndpoints = defineEndpoints(routes, {
  /** Spec §7 "Complaints and service": the customer-service contact values. */
  contactKfInfo: {
    request: z.object({
      overall: intField('overall').refine((value) => value === Defaults.contactInfoOverall, {
        message: `overall must be ${Defaults.contactInfoOverall}`,
      }),
    }),
    data: z.object({
      email: z.string(),
      smWa: z.string(),
    }),
  },
});
