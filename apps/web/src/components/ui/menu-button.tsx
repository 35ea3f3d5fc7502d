import {
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { DROPDOWN_STYLE } from '../../config/dropdown.ts';
import classes from './dropdown.module.css';

/** What the menu's button needs to open it and to say so. */
export type MenuTriggerProps = {
  /** `true` is a menu's popup. */
  'aria-haspopup': true;
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
};

type MenuButtonProps = {
  /** The button, given the props that open the menu. */
  button: (props: MenuTriggerProps) => ReactNode;
  /** `MenuItem`s, and any text between them. */
  children: ReactNode;
  /** The panel's edge aligned with the button's: its right one by default (the button sits at the right). */
  align?: 'start' | 'end';
};

const ITEMS = '[role="menuitem"]:not(:disabled)';

/**
 * A button that drops a menu down under it (the ARIA menu button pattern): a click, a tap, Enter, Space or
 * Arrow Down opens it on its first item; the arrows, Home and End move through the items; Escape closes it
 * and gives the focus back to the button, as does a chosen item; a press elsewhere or a Tab away closes it.
 * Plain React and CSS (dropdown.module.css): nothing to load when it is pressed.
 */
export function MenuButton({ button, children, align = 'end' }: MenuButtonProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const items = () => [...(root.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const away = (event: Event) => root.current?.contains(event.target as Node) || setOpen(false);
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: (at + 1) % all.length, ArrowUp: (at - 1 + all.length) % all.length, Home: 0, End: -1 }[
      event.key
    ];
    if (next !== undefined) {
      event.preventDefault();
      all.at(next)?.focus();
    } else if (event.key === 'Escape') {
      // Closes the menu, not a dialog around it.
      event.stopPropagation();
      close(true);
    }
  };

  return (
    <div
      ref={root}
      className={`${classes.root} ${align === 'end' ? classes.end : ''}`}
      onBlur={(event) => {
        const to = event.relatedTarget;
        if (to && !event.currentTarget.contains(to)) setOpen(false);
      }}
    >
      {button({
        'aria-haspopup': true,
        'aria-expanded': open,
        'aria-controls': open ? id : undefined,
        onClick: () => setOpen(!open),
        onKeyDown: (event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          setOpen(true);
        },
      })}
      {open && (
        <div
          id={id}
          role="menu"
          tabIndex={-1}
          className={classes.panel}
          style={DROPDOWN_STYLE}
          onKeyDown={onMenuKeyDown}
          onClick={(event) => (event.target as Element).closest(ITEMS) && close(true)}
        >
          {children}
        </div>
      )}
    </div>
  );
}

/** One choice of a `MenuButton`'s menu. */
export function MenuItem(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" role="menuitem" tabIndex={-1} className={classes.item} {...props} />;
}
