import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { shownServiceContacts } from './service-contacts.ts';

export async function customerServiceRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, endpoints.contactKfInfo, async () => {
    const contacts = await shownServiceContacts(app);
    return { email: contacts.email, smWa: contacts.whatsapp };
  });
}
