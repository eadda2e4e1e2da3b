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

/** Splits the look's props from the element's own and draws the face: icon (or spinner), extras. */
function splitLook<P extends IconLook & { className?: string | undefined }>(
  props: P,
  busy = false,
) {
  const {
    label,
    icon: Icon,
    tooltip,
    variant,
    iconSize = 16,
    className,
    children,
    ...rest
  } = props;
  const base = variant === 'danger' ? controls.dangerButton : controls.iconButton;
  const look = {
    className: className ? `${base ?? ''} ${className}` : base,
    'aria-label': label,
    title: tooltip ?? label,
  };
  const face = (
    <>
      {busy ? <Spinner size={iconSize} /> : <Icon size={iconSize} aria-hidden="true" />}
      {children}
    </>
  );
  return { rest, look, face };
}

/**
 * The kit's icon-only button: an icon, its accessible label and a tooltip.
 * While `aria-busy` is true a spinner stands in for the icon.
 */
export function IconButton({ type = 'button', ...props }: IconButtonProps) {
  const busy = props['aria-busy'] === true || props['aria-busy'] === 'true';
  const { rest, look, face } = splitLook(props, busy);
  return (
    <button type={type} {...rest} {...look}>
      {face}
    </button>
  );
}

export type IconLinkProps = IconLook &
  Omit<LinkProps, 'aria-label' | 'title' | 'children'> &
  RefAttributes<HTMLAnchorElement>;

/** A link that looks like an IconButton (a row's "open"). */
export function IconLink(props: IconLinkProps) {
  const { rest, look, face } = splitLook(props);
  return (
    <Link {...rest} {...look}>
      {face}
    </Link>
  );
}

export type IconDownloadProps = IconLook &
  Omit<ComponentPropsWithRef<'a'>, 'aria-label' | 'title' | 'children' | 'download'> & {
    href: string;
  };

/**
 * A plain link that looks like an IconButton and downloads the file at `href` (a row's PDF),
 * outside the app's router: the browser asks the server and saves what it answers.
 */
export function IconDownload(props: IconDownloadProps) {
  const { rest, look, face } = splitLook(props);
  return (
    <a {...rest} {...look} download>
      {face}
    </a>
  );
}
