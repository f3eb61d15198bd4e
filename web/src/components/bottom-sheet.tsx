import { Dialog } from './dialog.tsx';
import type { DialogProps } from './dialog.tsx';
import './bottom-sheet.css';

export type BottomSheetProps = DialogProps;

/**
 * A modal panel rising from the bottom edge (e.g. the payment-channel picker): the same
 * `Dialog`, so focus, Escape, backdrop taps and the back signal behave identically.
 */
export function BottomSheet({ className, ...props }: BottomSheetProps) {
  return <Dialog {...props} className={className ? `kw-sheet ${className}` : 'kw-sheet'} />;
}
