// Calling the API from a screen: the answer of a call made when the screen opens (and again on
// reload()), and actions that keep the refusal to show it.
import { useCallback, useEffect, useState } from "preact/hooks";

export function useCall<T>(call: () => Promise<T>, deps: unknown[]) {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    call().then((v) => { if (live) { setValue(v); setError(null); } }, (e) => { if (live) setError(e); });
    return () => { live = false; };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { value, error, reload };
}

// Runs an action; `busy` while it runs, `error` its refusal until the next run.
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
