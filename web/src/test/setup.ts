import { settle } from './settle'; // first: it watches every timer scheduled from here on
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { message, Modal, notification } from 'antd';
import { initI18n } from '../i18n';
import { keepCssInJsUnparsed } from './unstyled';
import { freshPage } from './freshPage';
import { finishClosing } from './closing';

keepCssInJsUnparsed();

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

// CI machines are small and busy (a whole page with Ant Design can take seconds to render there): findBy* and
// waitFor wait up to 20 s, tests and hooks up to 60 s (vitest.config.ts), so only a real hang fails.
configure({ asyncUtilTimeout: 20_000 });

beforeAll(async () => {
  await initI18n();
});

// Notifications, messages and confirm dialogs shown outside a test's tree close on their own timers (4.5 s);
// close them, inside act() so React renders their removal now, and let their closing end.
async function closeWhatIsShownOutsideTheTree(): Promise<void> {
  await act(async () => {
    notification.destroy();
    message.destroy();
    Modal.destroyAll();
  });
  await finishClosing();
}

afterEach(async () => {
  vi.useRealTimers(); // a test that faked the clock must not leave it faked for the next one
  await closeWhatIsShownOutsideTheTree();
  cleanup();
});

// The next file shares this window (vitest.config.ts): nothing this one scheduled (query clients' timers,
// closing animations, React's queued renders) may run after it, and nothing it left in the page may show
// there. See settle.ts and freshPage.ts.
afterAll(async () => {
  await settle();
  await closeWhatIsShownOutsideTheTree(); // a failure notice whose code arrived after the last test
  await settle();
  freshPage();
});
