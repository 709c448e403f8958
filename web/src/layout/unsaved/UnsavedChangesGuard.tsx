import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { i18n } from '../../i18n';
import { confirm } from '../../components/feedback';
import { discardUnsavedChanges, hasUnsavedChanges } from './unsavedStore';

/** "Leave this page? Your changes have not been saved and will be lost." — true when the user leaves. */
export function confirmLeave(onLeave?: () => unknown): Promise<boolean> {
  return confirm({
    title: i18n.t('unsaved.title'),
    content: i18n.t('unsaved.text'),
    okText: i18n.t('unsaved.leave'),
    cancelText: i18n.t('unsaved.stay'),
    danger: true,
    onOk: onLeave,
  });
}

/** Asks before unsaved changes are lost; resolves true when the user agreed (or nothing was unsaved). */
export function useConfirmDiscard(): () => Promise<boolean> {
  return async () => {
    if (!hasUnsavedChanges()) return true;
    const leave = await confirmLeave();
    if (leave) discardUnsavedChanges();
    return leave;
  };
}

/** One blocker for the whole shell: another page, or a reload, while a form has unsaved changes. */
export function UnsavedChangesGuard() {
  const confirmDiscard = useConfirmDiscard();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    void confirmDiscard().then((leave) => (leave ? blocker.proceed?.() : blocker.reset?.()));
    // Asks once a blocked navigation; the blocker object changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- listing blocker would ask again on every render
  }, [blocked]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  return null;
}
