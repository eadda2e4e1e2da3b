import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../lib/storage';

export type ThemeName = 'light' | 'dark';

/** The colour set stored locally (docs/interface.md, Theme); each entry becomes a --color-<name> variable on :root. */
export interface ThemeColors {
  background: string;
  primary: string;
  text: string;
  buttons: string;
  modal: string;
  table: string;
  input: string;
}

const COLOR_NAMES = [
  'background',
  'primary',
  'text',
  'buttons',
  'modal',
  'table',
  'input',
] as const satisfies readonly (keyof ThemeColors)[];

export const THEME_STORAGE_KEY = 'theme';
export const THEME_COLORS_STORAGE_KEY = 'themeColors';

export const THEMES: Record<ThemeName, ThemeColors> = {
  light: {
    background: '#f3f5f9',
    primary: '#4f46e5',
    text: '#1e2433',
    buttons: '#4f46e5',
    modal: '#ffffff',
    table: '#f7f8fc',
    input: '#ffffff',
  },
  dark: {
    background: '#0f1420',
    primary: '#8b93ff',
    text: '#e3e7f0',
    buttons: '#5b54e8',
    modal: '#181f2e',
    table: '#1d2536',
    input: '#111826',
  },
};

export interface ThemeState {
  name: ThemeName;
  colors: ThemeColors;
}

function parseColors(raw: string | null): ThemeColors | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (!COLOR_NAMES.every((name) => typeof record[name] === 'string')) return null;
    return Object.fromEntries(
      COLOR_NAMES.map((name) => [name, record[name]]),
    ) as unknown as ThemeColors;
  } catch {
    return null;
  }
}

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

/** The stored flag and colours; with nothing stored, the system preference picks the set. */
export function readStoredTheme(): ThemeState {
  const flag = readStored(THEME_STORAGE_KEY);
  const name: ThemeName =
    flag === 'dark' || flag === 'light' ? flag : prefersDark() ? 'dark' : 'light';
  const colors = parseColors(readStored(THEME_COLORS_STORAGE_KEY)) ?? THEMES[name];
  return { name, colors };
}

export function applyTheme(theme: ThemeState): void {
  const root = document.documentElement;
  for (const name of COLOR_NAMES) root.style.setProperty(`--color-${name}`, theme.colors[name]);
  root.dataset.theme = theme.name;
  root.style.colorScheme = theme.name;
}

let current: ThemeState | null = null;
const listeners = new Set<() => void>();

function getTheme(): ThemeState {
  current ??= readStoredTheme();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setTheme(name: ThemeName): void {
  current = { name, colors: THEMES[name] };
  writeStored(THEME_STORAGE_KEY, name);
  writeStored(THEME_COLORS_STORAGE_KEY, JSON.stringify(current.colors));
  applyTheme(current);
  for (const listener of listeners) listener();
}

/** Applies the stored theme before the first render, so a dark page never flashes white. */
export function initTheme(): void {
  applyTheme(getTheme());
}

export function useTheme(): { theme: ThemeName; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, getTheme).name;
  return { theme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
