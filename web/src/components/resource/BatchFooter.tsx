import { Button, Flex, Typography, theme } from 'antd';
import type { Translate } from '../../i18n';
import type { ResourceActionsOf } from './useRowActions';
import type { ActionContext, Row } from './types';

interface BatchFooterProps<R extends Row> {
  selected: R[];
  actions: ResourceActionsOf<R>;
  context: ActionContext;
  onClear: () => void;
  t: Translate;
}

/** Shown while rows are selected: how many, and what can be done with all of them. */
export function BatchFooter<R extends Row>({ selected, actions, context, onClear, t }: BatchFooterProps<R>) {
  const { token } = theme.useToken();
  if (!selected.length) return null;
  return (
    <Flex
      align="center"
      gap={12}
      data-testid="batch-footer"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 5,
        marginTop: 12,
        padding: '10px 16px',
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        borderRadius: token.borderRadius,
      }}
    >
      <Typography.Text strong>{t('resource.selected', { count: selected.length })}</Typography.Text>
      {actions.batchActions.map((action) => (
        <Button key={action.key} danger={action.danger} onClick={() => actions.runBatch(action, selected, context)}>
          {t(action.label)}
        </Button>
      ))}
      <Button type="link" onClick={onClear}>
        {t('resource.clearSelection')}
      </Button>
    </Flex>
  );
}
