import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import controls from '../controls.module.css';
import styles from './Detail.module.css';

/** The link above a record screen back to where it belongs ("Back to clients"). */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link className={styles.back} to={to}>
      <ArrowLeft size={16} aria-hidden="true" />
      {children}
    </Link>
  );
}

/** A record that does not exist (deleted, or a wrong address), with the way to its list. */
export function RecordNotFound({
  message,
  to,
  linkLabel,
}: {
  message: string;
  to: string;
  linkLabel: string;
}) {
  return (
    <section className={`${controls.card} ${styles.notFound}`} role="alert">
      <p>{message}</p>
      <Link className={controls.button} to={to}>
        {linkLabel}
      </Link>
    </section>
  );
}
