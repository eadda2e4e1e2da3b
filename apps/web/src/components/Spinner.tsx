import { LoaderCircle } from 'lucide-react';
import styles from './Spinner.module.css';

/** Decorative: the surrounding element carries the accessible "loading" text or state. */
export function Spinner({ size = 18 }: { size?: number }) {
  return <LoaderCircle className={styles.spinner} size={size} aria-hidden="true" />;
}
