// Due reminders (decision 0097): the SMS sent before and on an instalment's due date.
export { queueDueReminders, reminderKey } from './due-reminders.ts';
