import { useEffect, useId, useRef } from 'react';
import { createStore } from '../../app/store';

/** Forms on screen with changes not saved yet: id -> what to do when the user discards them. */
export const unsavedStore = createStore<ReadonlyMap<string, () => void>>(new Map());

export function hasUnsavedChanges(): boolean {
  return unsavedStore.get().size > 0;
}

/** The user agreed to lose the changes: every form is told, and nothing counts as unsaved any more. */
export function discardUnsavedChanges(): void {
  const discards = [...unsavedStore.get().values()];
  unsavedStore.set(new Map());
  discards.forEach((discard) => discard());
}

/**
 * SPEC §2: "Closing a page with unsaved content warns that it will be lost." A form reports
 * whether it is dirty; leaving the page (another page, a closed tab, a reload) then asks first.
 * `onDiscard` runs when the user chooses to leave anyway (close the dialog, reset the form).
 */
export function useUnsavedChanges(dirty: boolean, onDiscard?: () => void): void {
  const id = useId();
  const discard = useRef(onDiscard);
  discard.current = onDiscard;
  useEffect(() => {
    if (!dirty) return;
    unsavedStore.set((forms) => new Map(forms).set(id, () => discard.current?.()));
    return () =>
      unsavedStore.set((forms) => {
        const next = new Map(forms);
        next.delete(id);
        return next;
      });
  }, [dirty, id]);
}
