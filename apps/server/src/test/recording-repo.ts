/**
 * A fake repository whose every call is recorded, method and arguments, before it runs: `calls` in order, and
 * `called(method)` the arguments of that method's calls, oldest first.
 */
export const recordingRepo = <R extends object>(base: R) => {
  const calls: { method: keyof R; args: unknown[] }[] = [];
  // Object.fromEntries loses the keys' types: every method of `base` is kept under its name, with its own signature.
  const repo = Object.fromEntries(
    Object.entries(base).map(([method, fn]) => [
      method,
      (...args: unknown[]) => {
        // `method` is a key of `base`, read back from Object.entries.
        calls.push({ method: method as keyof R, args });
        // Every value of a repository is a method.
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as R;
  const called = (method: keyof R) => calls.filter((c) => c.method === method).map((c) => c.args);
  return { repo, calls, called };
};

/** A method of a fake repository that the test does not expect to be called: calling it throws, naming both. */
export const unexpectedCall = (repository: string, method: string) => () => {
  throw new Error(`fake ${repository} repository: ${method} not expected`);
};

/**
 * The record of a fake repository built method by method: `record(name, fn)` is `fn` that first records the call under
 * `name` (a fake may name a transaction's writes 'tx.…'); `calls` in order, `called(name)` the arguments of that name's
 * calls, oldest first.
 */
export const callRecorder = () => {
  const calls: { method: string; args: unknown[] }[] = [];
  const record =
    <A extends unknown[], R>(method: string, fn: (...args: A) => R) =>
    (...args: A): R => {
      calls.push({ method, args });
      return fn(...args);
    };
  const called = (method: string) => calls.filter((c) => c.method === method).map((c) => c.args);
  return { calls, record, called };
};

/**
 * A fake of a repository's section that runs work alone (one snapshot, one transaction): `run(work)` runs `work` with
 * `value`, and `isInside()` tells a fake's method whether it is called from within such a run.
 */
export const fakeSection = <T>(value: T) => {
  let inside = false;
  return {
    run: async <R>(work: (value: T) => Promise<R>): Promise<R> => {
      inside = true;
      try {
        return await work(value);
      } finally {
        inside = false;
      }
    },
    isInside: () => inside,
  };
};
