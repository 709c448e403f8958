import { useEffect, useRef } from 'react';

/**
 * Runs `effect` when `key` differs from the last key it ran for. Unlike a plain effect it does not
 * run again when a kept tab is shown again (its effects re-mount, its refs stay), so a page
 * revealed after a while keeps what the user typed.
 */
export function useOnChange(key: string, effect: () => void): void {
  const last = useRef<string | undefined>(undefined);
  const run = useRef(effect);
  run.current = effect;
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    run.current();
  }, [key]);
}
