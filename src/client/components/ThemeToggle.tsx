import { ActionIcon, type MantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent } from 'react';
import classes from './ThemeToggle.module.css';

const OPTIONS: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/**
 * Light, dark or system; Mantine keeps the choice in local storage under 'theme' (theme.ts). A small menu of its own
 * (menu button pattern: arrows, Home/End, Escape, outside click) rather than Mantine's Menu, whose positioning engine
 * would triple what the landing page's header costs to download.
 */
export function ThemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = OPTIONS.find((o) => o.value === colorScheme) ?? OPTIONS[1];
  const CurrentIcon = current.icon;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);

  // Focus moves to the current choice when the menu opens, not on every change.
  const focusCurrent = useEffectEvent(() => itemRefs.current[OPTIONS.indexOf(current)]?.focus());
  useEffect(() => {
    if (!open) return;
    focusCurrent();
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function choose(value: MantineColorScheme) {
    setColorScheme(value);
    close();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = itemRefs.current.filter((b): b is HTMLButtonElement => b !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focus(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focus(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  }

  return (
    <div className={classes.root} ref={rootRef}>
      <ActionIcon
        ref={buttonRef}
        variant="default"
        size="lg"
        aria-label="Toggle theme"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <CurrentIcon size={18} stroke={1.6} />
      </ActionIcon>
      {open && (
        <ul role="menu" id={menuId} aria-label="Theme" className={classes.menu} onKeyDown={onMenuKeyDown}>
          {OPTIONS.map(({ value, label, icon: Icon }, i) => (
            <li key={value} role="none">
              <button
                ref={(el) => {
                  itemRefs.current[i] = el;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={value === colorScheme}
                tabIndex={-1}
                className={classes.item}
                onClick={() => choose(value)}
              >
                <Icon size={16} aria-hidden />
                <span style={{ flex: 1 }}>{label}</span>
                {value === colorScheme && <IconCheck size={14} aria-hidden />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
