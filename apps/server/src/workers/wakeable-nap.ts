/**
 * The pause of a polling loop (the job runner, the webhook sender): `nap(ms)` sleeps until the time is up or `wake()`
 * is called; a wake that comes while the loop is busy is kept, so the next nap returns at once. While `isStopping()`
 * holds, a nap returns at once. Its timer never keeps the process alive (the server's socket does).
 */
export const createWakeableNap = (isStopping: () => boolean) => {
  let isWakePending = false;
  let wakeUp: (() => void) | undefined;
  const wake = () => {
    if (wakeUp) wakeUp();
    else isWakePending = true;
  };
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      if (isWakePending || isStopping()) {
        isWakePending = false;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      wakeUp = done;
    });
  return { wake, nap };
};
