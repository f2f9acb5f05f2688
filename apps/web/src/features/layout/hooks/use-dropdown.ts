import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';

type FocusTarget = 'first' | 'last';

const ITEM_SELECTOR = '[role="menuitem"]:not([aria-disabled="true"])';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>(ITEM_SELECTOR)) : [];
}

function focusEdge(menu: HTMLElement | null, target: FocusTarget) {
  const items = menuItems(menu);
  (target === 'first' ? items[0] : items[items.length - 1])?.focus();
}

/**
 * A menu button (WAI-ARIA APG pattern): spread `rootProps` on a wrapper around the trigger
 * and the panel, `triggerProps` on the button, `menuProps` on the role="menu" element and
 * `itemProps` on each item. The panel stays rendered (hide it with `hidden={!isOpen}`) so
 * `aria-controls` always points at an element.
 */
export function useDropdown() {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<FocusTarget | null>(null);
  const id = useId();
  const triggerId = `${id}trigger`;
  const menuId = `${id}menu`;

  const open = useCallback((focus: FocusTarget | null) => {
    focusOnOpen.current = focus;
    setIsOpen(true);
  }, []);

  const close = useCallback((returnFocus = false) => {
    setIsOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    // Items only become focusable once the panel is shown, i.e. after this render.
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    if (target) focusEdge(menuRef.current, target);

    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const onTriggerClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (isOpen) return close();
    // detail 0: activated by Enter/Space or assistive technology rather than a pointer.
    open(event.detail === 0 ? 'first' : null);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const target = event.key === 'ArrowDown' ? 'first' : 'last';
      if (isOpen) focusEdge(menuRef.current, target);
      else open(target);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.findIndex((item) => item === document.activeElement);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = items[(index + 1) % items.length];
        break;
      case 'ArrowUp':
        next = items[index <= 0 ? items.length - 1 : index - 1];
        break;
      case 'Home':
        next = items[0];
        break;
      case 'End':
        next = items[items.length - 1];
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        return;
      default:
        return;
    }
    event.preventDefault();
    next?.focus();
  };

  const onMenuClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest(ITEM_SELECTOR)) close();
  };

  // Tab moves focus out of the menu; pointer clicks outside are handled above, so a null relatedTarget is ignored.
  const onRootBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (isOpen && next instanceof Node && !rootRef.current?.contains(next)) setIsOpen(false);
  };

  return {
    isOpen,
    close,
    rootProps: { ref: rootRef, onBlur: onRootBlur },
    triggerProps: {
      ref: triggerRef,
      id: triggerId,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': isOpen,
      'aria-controls': menuId,
      onClick: onTriggerClick,
      onKeyDown: onTriggerKeyDown,
    },
    menuProps: {
      ref: menuRef,
      id: menuId,
      role: 'menu',
      'aria-labelledby': triggerId,
      onKeyDown: onMenuKeyDown,
      onClick: onMenuClick,
    },
    itemProps: { role: 'menuitem', tabIndex: -1 },
  };
}
