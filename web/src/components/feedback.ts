import type { ReactNode } from 'react';

type Level = 'success' | 'info' | 'warning' | 'error';

/**
 * Short messages at the top of the page ("Copy Succeeded", "Saved."). Ant Design's message code
 * is loaded on first use, so pages that never show one do not carry it; it follows the theme and
 * language through ConfigProvider.config (see app/Providers.tsx).
 */
function show(level: Level, text: string): void {
  void import('antd/es/message').then(({ default: message }) => message[level](text));
}

export const toast = {
  success: (text: string) => show('success', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
  error: (text: string) => show('error', text),
};

export interface ConfirmOptions {
  title: string;
  content?: ReactNode;
  okText: string;
  cancelText: string;
  danger?: boolean;
  /** Runs before the dialog closes (the OK button spins meanwhile); a failure has been shown already. */
  onOk?: () => unknown;
}

/** A second confirmation; resolves true when the user said OK. */
export async function confirm(options: ConfirmOptions): Promise<boolean> {
  const { default: Modal } = await import('antd/es/modal');
  return new Promise((resolve) => {
    Modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      cancelText: options.cancelText,
      okButtonProps: { danger: options.danger },
      onOk: async () => {
        await Promise.resolve(options.onOk?.()).catch(() => undefined);
        resolve(true);
      },
      onCancel: () => resolve(false),
    });
  });
}
