import { lazy, type ReactElement, Suspense } from 'react';
import { useIdle } from '../lib/use-idle';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * A tooltip whose code (MUI's Tooltip and its popper) loads once the page is idle (`useIdle`): the header's buttons show
 * at once, their tooltips a moment later (issue 30, pages on a phone). `children` must carry its own accessible name
 * (aria-label): the tooltip only repeats it.
 */
export const IdleTooltip = ({ title, children }: { title: string; children: ReactElement }) => {
  const isIdle = useIdle();
  return <Suspense fallback={children}>{isIdle ? <Tooltip title={title}>{children}</Tooltip> : children}</Suspense>;
};
