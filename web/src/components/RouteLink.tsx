import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCanOpen } from '../app/access/canOpen';

/** A link to another screen of the console, offered only to users who may open it; others read its text. */
export function RouteLink({ to, onClick, children }: { to: string; onClick?: () => void; children: ReactNode }) {
  const canOpen = useCanOpen();
  return canOpen(to) ? <Link to={to} onClick={onClick}>{children}</Link> : <>{children}</>;
}
