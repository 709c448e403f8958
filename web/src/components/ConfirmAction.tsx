import { Button, Descriptions, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslate, type Translate } from '../i18n';
import { confirm } from './feedback';

/** One line naming what an action acts on: "Project: erp-web". */
export interface ConfirmFact {
  label: string;
  value: ReactNode;
}

export interface ConfirmRequest {
  /** The question, translated ("Deploy this version?"). */
  question: string;
  /** What the action acts on, named: the record, or a deploy's project, version and environment. */
  facts: readonly ConfirmFact[];
  danger?: boolean;
  /** Runs before the dialog closes (its OK button spins meanwhile). */
  onOk: () => unknown;
}

/** The named things under a confirmation's question. */
export function ConfirmFacts({ facts }: { facts: readonly ConfirmFact[] }) {
  return (
    <Descriptions
      data-testid="confirm-subject"
      column={1}
      size="small"
      items={facts.map((fact, index) => ({ key: index, label: fact.label, children: fact.value }))}
    />
  );
}

/**
 * The second confirmation of everything that stops, deletes or cannot be undone (SPEC §5 "Cancel actions ask
 * confirmation"): the question, and below it what the action acts on, by name. The resource kit's row and
 * batch actions and the screens' own buttons (ConfirmButton) all ask through it, so they read alike.
 */
export function askConfirm(request: ConfirmRequest, t: Translate): Promise<boolean> {
  return confirm({
    title: request.question,
    content: request.facts.length ? <ConfirmFacts facts={request.facts} /> : undefined,
    okText: t('common.ok'),
    cancelText: t('common.cancel'),
    danger: request.danger,
    onOk: request.onOk,
  });
}

type ConfirmButtonProps = Omit<ButtonProps, 'onClick'> & {
  question: string;
  facts: readonly ConfirmFact[];
  onConfirm: () => unknown;
  children: ReactNode;
};

/** A button that asks askConfirm's question, naming what it acts on, before it acts. */
export function ConfirmButton({ question, facts, onConfirm, danger, children, ...button }: ConfirmButtonProps) {
  const t = useTranslate();
  return (
    <Button {...button} danger={danger} onClick={() => void askConfirm({ question, facts, danger, onOk: onConfirm }, t)}>
      {children}
    </Button>
  );
}
