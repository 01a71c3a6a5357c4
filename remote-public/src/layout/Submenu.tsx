import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { Icon } from '../components/icons';

/** The desktop menu (and hover-to-open) starts at this width; below it the menu is the drawer. */
export const DESKTOP_QUERY = '(min-width: 1024px)';
export const isDesktop = () => typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches;

export interface SubmenuProps {
  label: string;
  /** The entry's own link, when it has one (Stores → /stores); the toggle then sits beside it. */
  link?: ReactNode;
  /** A wide panel under the whole menu bar (stores, categories) rather than a list under the entry. */
  wide?: boolean;
  children: ReactNode;
}

/**
 * A menu entry with a disclosure panel: opens on click (and on hover with a mouse on the desktop
 * menu), closes on Escape, an outside click, focus leaving it or choosing a link. In the drawer
 * the same markup is a collapsible section.
 */
export function Submenu({ label, link, wide = false, children }: SubmenuProps) {
  const [open, setOpen] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const hovering = useRef(false);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!item.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const hover = (event: ReactPointerEvent, enter: boolean) => {
    if (event.pointerType !== 'mouse' || !isDesktop()) return;
    hovering.current = enter;
    setOpen(enter);
  };

  return (
    <li
      ref={item}
      className={`hdr__item hdr__item--sub${wide ? ' hdr__item--wide' : ''}${open ? ' is-open' : ''}`}
      onPointerEnter={(event) => hover(event, true)}
      onPointerLeave={(event) => hover(event, false)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        toggle.current?.focus();
      }}
      onBlur={(event) => {
        if (!item.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onClick={(event) => {
        if ((event.target as Element).closest('a')) setOpen(false);
      }}
    >
      <span className="hdr__entry">
        {link}
        <button
          ref={toggle}
          type="button"
          className="hdr__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={link ? `${label} menu` : undefined}
          // A mouse on the desktop menu has opened it by hovering: the click keeps it open.
          onClick={() => {
            const keep = hovering.current;
            setOpen((was) => keep || !was);
          }}
        >
          {!link && label}
          <Icon name="chevron" size={16} />
        </button>
      </span>
      <div id={panelId} className="hdr__panel" hidden={!open}>
        {open && children}
      </div>
    </li>
  );
}
