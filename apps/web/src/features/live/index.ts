/** The public face of the live updates feature: the app mounts the hook once, in the shell. */
export { type LiveRefreshMap, useLiveUpdates } from './use-live-updates';
