import { Copy, RefreshCw } from 'lucide-react';
import controls from './controls.module.css';
import layout from './layout.module.css';

interface LinkActionsProps {
  copyLabel: string;
  renewLabel: string;
  /** Copies the link; left out when there is no link to copy (no copy button then). */
  onCopy?: (() => void) | undefined;
  /** Makes a new link; left out when none can be made (no renew button then). */
  onRenew?: (() => void) | undefined;
  /** The id of what the renew button's description is (what a new link ends). */
  renewDescribedBy?: string | undefined;
  /** A new link is on its way: the renew button waits. */
  renewing: boolean;
}

/** The two actions under a private link (a student's bot link, the calendar feed): copy, renew. */
export function LinkActions({
  copyLabel,
  renewLabel,
  onCopy,
  onRenew,
  renewDescribedBy,
  renewing,
}: LinkActionsProps) {
  return (
    <div className={layout.buttonRow}>
      {onCopy && (
        <button type="button" className={controls.secondaryButton} onClick={onCopy}>
          <Copy size={16} aria-hidden="true" />
          {copyLabel}
        </button>
      )}
      {onRenew && (
        <button
          type="button"
          className={controls.secondaryButton}
          disabled={renewing}
          aria-describedby={renewDescribedBy}
          onClick={onRenew}
        >
          <RefreshCw size={16} aria-hidden="true" />
          {renewLabel}
        </button>
      )}
    </div>
  );
}
