import { cloneElement, lazy, Suspense, useState, type MouseEvent, type ReactElement } from 'react';
import type { DropdownProps } from 'antd';

// Ant Design's Dropdown (with its styles and the Space.Compact of its button form) is code the shell needs only
// once a menu opens: the triggers render as they are, and the Dropdown loads as soon as this module runs.
export const loadDropdown = () => import('antd/es/dropdown');
const Dropdown = lazy(loadDropdown);
void loadDropdown();

type Props = Omit<DropdownProps, 'open' | 'onOpenChange' | 'children'> & { children: ReactElement };

/** The trigger as it is, opening the menu once the Dropdown has arrived if the user asked for it before. */
function StandIn({ trigger = ['hover'], children, onOpen }: Pick<Props, 'trigger' | 'children'> & { onOpen: () => void }) {
  const open = (event: MouseEvent) => {
    event.preventDefault();
    onOpen();
  };
  if (trigger.includes('contextMenu')) return cloneElement(children as ReactElement<{ onContextMenu?: unknown }>, { onContextMenu: open });
  if (trigger.includes('click')) return cloneElement(children as ReactElement<{ onClick?: unknown }>, { onClick: open });
  return cloneElement(children as ReactElement<{ onMouseEnter?: unknown }>, { onMouseEnter: open });
}

/** Ant Design's Dropdown, loaded apart from the page that shows its trigger. */
export function LazyDropdown({ children, ...props }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Suspense fallback={<StandIn trigger={props.trigger} children={children} onOpen={() => setOpen(true)} />}>
      <Dropdown {...props} open={open} onOpenChange={setOpen}>
        {children}
      </Dropdown>
    </Suspense>
  );
}
