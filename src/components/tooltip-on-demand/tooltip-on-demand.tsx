import { Classes, type Placement, type TooltipProps } from '@blueprintjs/core';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

import { lazyNamed } from '@/lib/lazy-named';

// Blueprint's tooltip and what it carries (Floating UI, the overlay: about 20 KB gzip) load the
// first time a pointer or the focus comes to a target, not with the screen: a table of errors
// shows a tooltip or two per row, and most visits open none.
const TooltipPopup = lazyNamed(() => import('./tooltip-popup'), 'TooltipPopup');

/** Blueprint's own delay before a tooltip opens on hover. */
const HOVER_OPEN_DELAY_MS = 100;

export interface TooltipOnDemandProps {
  content: TooltipProps['content'];
  placement: Placement;
  /** On the target's wrapper, as Blueprint's Tooltip puts its className. */
  className?: string;
  /** The target: focusable, as a tooltip's must be for keyboard users. */
  children: ReactNode;
}

/**
 * Blueprint's Tooltip as it looks and behaves (open on hover after 100 ms or on focus, closed on
 * leave, blur or Escape), with the same wrapper around the target, whose code loads on first use.
 */
export function TooltipOnDemand({ content, placement, className, children }: TooltipOnDemandProps) {
  const target = useRef<HTMLSpanElement>(null);
  const [wanted, setWanted] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const open = (delayMs: number) => {
    setWanted(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), delayMs);
  };
  const close = () => {
    window.clearTimeout(timer.current);
    setOpen(false);
  };
  const classes = [Classes.POPOVER_TARGET, isOpen ? Classes.POPOVER_OPEN : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <span
      ref={target}
      className={classes}
      onMouseEnter={() => open(HOVER_OPEN_DELAY_MS)}
      onMouseLeave={close}
      onFocus={() => open(0)}
      onBlur={close}
      // A tooltip can be put away without moving the pointer or the focus (WCAG 1.4.13).
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) close();
      }}
    >
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <TooltipPopup
            anchor={target}
            isOpen={isOpen}
            content={content}
            placement={placement}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </span>
  );
}
