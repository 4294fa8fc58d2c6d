/**
 * The static sign-in form of index.html (src/boot/login-shell.html), painted before any script: the React
 * sign-in page reads it when it first renders (what was typed, which field had the focus) and removes it when
 * it mounts.
 */
const SHELL_ID = 'boot-login';

export interface BootShellState {
  username: string;
  password: string;
  /** 'username' or 'password' when one of the static fields had the focus */
  focused: string | null;
}

/** What the static form holds; null when there is none (another first page, or already taken over). */
export function readBootShell(): BootShellState | null {
  const shell = document.getElementById(SHELL_ID);
  if (!shell) return null;
  const value = (name: string) => (document.getElementById(`boot-${name}`) as HTMLInputElement | null)?.value ?? '';
  const active = document.activeElement;
  const focused = active && shell.contains(active) && active.id.startsWith('boot-') ? active.id.slice('boot-'.length) : null;
  return { username: value('username'), password: value('password'), focused };
}

/** Removes the static form: when the React page is committed (a layout effect, so before it paints), or when it did not come. */
export function removeBootShell(): void {
  document.getElementById(SHELL_ID)?.remove();
  document.documentElement.removeAttribute('data-boot');
}
