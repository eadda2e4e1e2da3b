import type { LucideIcon } from 'lucide-react';
import type { ComponentPropsWithRef, ReactNode, RefAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import controls from './controls.module.css';
import { Spinner } from './Spinner';

interface IconLook {
  /** The accessible name; also the tooltip unless `tooltip` says otherwise. */
  label: string;
  icon: LucideIcon;
  /** A tooltip other than the label (a filter that is on says so). */
  tooltip?: string | undefined;
  variant?: 'plain' | 'danger';
  /** 16 in rows and toolbars; screens' headers and dialogs use 18. */
  iconSize?: number;
  /** Drawn after the icon, e.g. a dot that marks an active filter. */
  children?: ReactNode;
}

export type IconButtonProps = IconLook &
  Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'title' | 'children'>;

function lookClass(
  variant: IconLook['variant'],
  className: string | undefined,
): string | undefined {
  const base = variant === 'danger' ? controls.dangerButton : controls.iconButton;
  return className ? `${base ?? ''} ${className}` : base;
}

/**
 * The kit's icon-only button: an icon, its accessible label and a
 * tooltip. While `aria-busy` is true a spinner stands in for the icon.
 */
export function IconButton({
  label,
  icon: Icon,
  tooltip,
  variant = 'plain',
  iconSize = 16,
  className,
  children,
  type = 'button',
  ...rest
}: IconButtonProps) {
  const busy = rest['aria-busy'] === true || rest['aria-busy'] === 'true';
  return (
    <button
      type={type}
      {...rest}
      className={lookClass(variant, className)}
      aria-label={label}
      title={tooltip ?? label}
    >
      {busy ? <Spinner size={iconSize} /> : <Icon size={iconSize} aria-hidden="true" />}
      {children}
    </button>
  );
}

export type IconLinkProps = IconLook &
  Omit<LinkProps, 'aria-label' | 'title' | 'children'> &
  RefAttributes<HTMLAnchorElement>;

/** A link that looks like an IconButton (a row's "open"). */
export function IconLink({
  label,
  icon: Icon,
  tooltip,
  variant = 'plain',
  iconSize = 16,
  className,
  children,
  ...rest
}: IconLinkProps) {
  return (
    <Link
      {...rest}
      className={lookClass(variant, className)}
      aria-label={label}
      title={tooltip ?? label}
    >
      <Icon size={iconSize} aria-hidden="true" />
      {children}
    </Link>
  );
}
