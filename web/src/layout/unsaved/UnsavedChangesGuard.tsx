import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../components/feedback';
import { discardUnsavedChanges, hasUnsavedChanges } from './unsavedStore';

/** Asks before unsaved changes are lost; resolves true when the user agreed (or nothing was unsaved). */
export function useConfirmDiscard(): () => Promise<boolean> {
  const { t } = useTranslation();
  return async () => {
    if (!hasUnsavedChanges()) return true;
    const leave = await confirm({
      title: t('unsaved.title'),
      content: t('unsaved.text'),
      okText: t('unsaved.leave'),
      cancelText: t('unsaved.stay'),
      danger: true,
    });
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
