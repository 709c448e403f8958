import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { message, Modal, notification } from 'antd';
import { initI18n } from '../i18n';

// jsdom has no matchMedia; Ant Design's responsive helpers ask for it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// CI machines are small and busy: give findBy*/waitFor more than the 1 s default before failing.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await initI18n();
});

// Notifications and messages shown outside a test's tree close on their own timers (4.5 s), possibly
// after the file's jsdom window is gone; close them with the test, while the window exists.
afterEach(() => {
  notification.destroy();
  message.destroy();
  Modal.destroyAll();
  cleanup();
});

// React schedules its last renders (closing messages and notifications, whose animations end on
// timers) as macrotasks; let them run while jsdom's window still exists, or they throw after teardown.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
});
