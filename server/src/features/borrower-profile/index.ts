// The borrower profile (decision 0113): one borrower's read model and the operators' notes. The public module.
export { borrowerProfile } from './borrower-profile.ts';
export { addBorrowerNote, borrowerNotes, type NoteView } from './borrower-notes.ts';
