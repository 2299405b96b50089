import { Tooltip, type Placement, type TooltipProps } from '@blueprintjs/core';
import type { RefObject } from 'react';

import { PopoverAnchor } from '@/components/popover-anchor/popover-anchor';

export interface TooltipPopupProps {
  anchor: RefObject<HTMLElement | null>;
  isOpen: boolean;
  content: TooltipProps['content'];
  placement: Placement;
  onClose: () => void;
}

/** Blueprint's tooltip, opened and closed by TooltipOnDemand, on the element it is given. */
export function TooltipPopup({ anchor, isOpen, content, placement, onClose }: TooltipPopupProps) {
  return (
    <Tooltip
      isOpen={isOpen}
      onInteraction={(next) => {
        if (!next) onClose();
      }}
      content={content}
      placement={placement}
      renderTarget={({ ref }) => <PopoverAnchor ref={ref} element={anchor} />}
    />
  );
}
