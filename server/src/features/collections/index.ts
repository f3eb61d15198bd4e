// Collections (decision 0098): the queue of overdue orders, contacts, promises to pay, assignment,
// approved SMS templates and the manual SMS. The public module.
export { collectionPanel, collectionQueue } from './collection-queue.ts';
export { orderCollectionRecords } from './collection-records.ts';
export {
  assignCollector,
  assignCollectorBulk,
  ContactRefused,
  recordContact,
  sendCollectionSms,
} from './collection-actions.ts';
export { collectionContactSlots } from './contact-slots.ts';
export {
  approveCollectionTemplate,
  listCollectionTemplates,
  saveCollectionTemplate,
  templateView,
} from './collection-templates.ts';
