import { Classes } from '@blueprintjs/core';
import { useSyncExternalStore } from 'react';

import { storage } from './storage';

/** What the user chose: a theme, or whatever the system says (the default). */
type ThemeChoice = 'light' | 'dark' | 'system';

/** The local storage key of an explicit choice (absent: follow the system). */
const THEME_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();
let started = false;

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function readChoice(): ThemeChoice {
  const stored = storage.get(THEME_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** Whether the dark theme shows now: the explicit choice, else the system's setting. */
function isDark(choice: ThemeChoice = readChoice()): boolean {
  return choice === 'system' ? systemPrefersDark() : choice === 'dark';
}

/** Puts Blueprint's dark class on html and body (portals render into body) when dark. */
function applyTheme(): void {
  const dark = isDark();
  for (const element of [document.documentElement, document.body]) {
    element?.classList.toggle(Classes.DARK, dark);
  }
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  listeners.forEach((listener) => listener());
}

/**
 * Applies the theme and follows the system setting from now on; safe to call more than once.
 * Call it before the first render so no screen flashes in the wrong theme.
 */
export function startTheme(): void {
  applyTheme();
  if (started || typeof window.matchMedia !== 'function') return;
  started = true;
  window.matchMedia(DARK_QUERY).addEventListener('change', applyTheme);
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY) applyTheme();
  });
}

/** Remembers an explicit choice ('system' forgets it) and applies it. */
function setThemeChoice(choice: ThemeChoice): void {
  storage.set(THEME_KEY, choice === 'system' ? null : choice);
  applyTheme();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current theme for a component, and a way to switch it. */
export function useTheme(): { dark: boolean; toggle: () => void } {
  const dark = useSyncExternalStore(
    subscribe,
    () => isDark(),
    () => false,
  );
  return { dark, toggle: () => setThemeChoice(dark ? 'light' : 'dark') };
}
