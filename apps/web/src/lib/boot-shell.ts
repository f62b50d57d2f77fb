/**
 * The login card boot.ts shows before the app's code has run (index.html's `#boot-shell`, the same heading, texts and
 * fields as the login page): React's login page takes its place in one commit (`removeBootShell` in a layout effect,
 * before the browser paints), and nothing else (a loading spinner) shows meanwhile.
 */
export const BOOT_SHELL_ID = 'boot-shell';

export const hasBootShell = (): boolean => document.getElementById(BOOT_SHELL_ID) !== null;

export const removeBootShell = (): void => document.getElementById(BOOT_SHELL_ID)?.remove();
