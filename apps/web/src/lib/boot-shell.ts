/**
 * What boot.ts draws before the app's code has run (index.html's `#boot-shell`): the login card on /login, the
 * signed-in frame with the page's heading on /dashboard and /inbound/. The page that shows takes its place in one
 * commit (`removeBootShell` in a layout effect, before the browser paints: the login page, the signed-in shell), and
 * nothing else (a loading spinner) shows meanwhile; going anywhere else removes it at once (main.tsx).
 */
export const BOOT_SHELL_ID = 'boot-shell';

export const hasBootShell = (): boolean => document.getElementById(BOOT_SHELL_ID) !== null;

/** The path the boot shell was drawn for, or undefined when there is none. */
export const bootShellPath = (): string | undefined => document.getElementById(BOOT_SHELL_ID)?.dataset.path;

export const removeBootShell = (): void => document.getElementById(BOOT_SHELL_ID)?.remove();
