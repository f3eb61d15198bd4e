// Customer service (spec §2 "Customer service page"): its public module.
export { customerServiceRoutes } from './customer-service-routes.ts';
export {
  getServiceContacts,
  saveServiceContacts,
  shownServiceContacts,
  SERVICE_CONTACT_KEYS,
  type ServiceContacts,
} from './service-contacts.ts';
