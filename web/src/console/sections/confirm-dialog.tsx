import { useState, type ReactNode } from 'react';
import { Dialog } from '../../components/dialog.tsx';

/**
 * The console's confirmation before a call that moves money or decides an order (decision 0110):
 * a modal that states who, how much and what follows in plain words. Focus goes to the first
 * field marked `data-autofocus` (a reason to type), else to Cancel, so a stray Enter changes
 * nothing; closing returns it to the button that opened it (the shared Dialog).
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  busy = false,
  disabled = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  busy?: boolean;
  /** The dialog's own fields are not complete yet (a reason too short). */
  disabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      className="console-dialog"
      actions={[
        { label: 'Cancel', onClick: onCancel, autoFocus: true },
        {
          label: busy ? 'Working…' : confirmLabel,
          onClick: onConfirm,
          primary: true,
          disabled: busy || disabled,
        },
      ]}
    >
      {children}
    </Dialog>
  );
}

/**
 * A confirmation's state: what it asks about (null: closed) and whether its call is running.
 * `ask` opens it; `run` makes the confirmed call with the dialog busy, then closes it and answers
 * the call's result; `dialog` is what ConfirmDialog takes of it.
 */
export function useConfirmation<Subject>() {
  const [subject, setSubject] = useState<Subject | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = () => setSubject(null);
  async function run<Result>(call: (subject: Subject) => Promise<Result>): Promise<Result | undefined> {
    if (subject === null) return undefined;
    setBusy(true);
    try {
      return await call(subject);
    } finally {
      setBusy(false);
      setSubject(null);
    }
  }
  return { subject, ask: setSubject, run, dialog: { open: subject !== null, busy, onCancel: cancel } };
}
