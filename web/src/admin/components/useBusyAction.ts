import { useState } from 'react';

/**
 * Runs one async action at a time for a form control: `busy` while it runs, and the failure
 * (in the words `describe` gives it) in `problem` until the next run or `setProblem(null)`.
 */
export function useBusyAction(describe: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setProblem(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setProblem(describe(error));
    } finally {
      setBusy(false);
    }
  }

  return { busy, problem, setProblem, run };
}
