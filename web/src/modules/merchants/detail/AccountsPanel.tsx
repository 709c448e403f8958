import { Button, Select, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Can, useCan } from '../../../app/access/can';
import { toast } from '../../../components/feedback';
import { askConfirm } from '../../../components/ConfirmAction';
import { formatTime } from '../../../components/format/time';
import { enumLabel, useEnumOptions } from '../../../components/resource';
import { useTranslate } from '../../../i18n';
import { merchantApi, type Account } from '../api';

const EDIT = 'account#edit';
const ACTIVATE_WMS = 'account#activate-wms';

/**
 * The merchant's IAM, ERP and WMS accounts (SPEC §3). The account type is chosen on the IAM account only and
 * the server copies it to ERP and WMS in the same transaction (SPEC §6); WMS is activated from an ERP account.
 */
export function AccountsPanel({ merchantId, onChanged }: { merchantId: number; onChanged: () => void }) {
  const t = useTranslate(['merchants', 'resource']);
  const can = useCan();
  const queryClient = useQueryClient();
  const key = ['merchant', merchantId, 'accounts'];
  const accounts = useQuery({ queryKey: key, queryFn: ({ signal }) => merchantApi.accounts(merchantId, signal) });
  const types = useEnumOptions('AccountType');
  const statuses = useEnumOptions('AccountStatus');
  const userTypes = useEnumOptions('AccountUserType');
  const systems = useEnumOptions('AccountSystem');
  const done = (next: Account[]) => {
    queryClient.setQueryData(key, next);
    toast.success(t('resource.saved'));
    onChanged();
  };
  const modify = useMutation({ mutationFn: merchantApi.modifyAccount, onSuccess: done });
  const activate = useMutation({ mutationFn: merchantApi.activateWms, onSuccess: done });
  const rows = accounts.data ?? [];
  // an account's status change (disable, blacklist, expire, enable) asks first, naming the account and both states
  const askStatus = (row: Account, status: string) =>
    void askConfirm({
      question: t('statusConfirm', { system: enumLabel(systems, row.system), email: row.email, status: enumLabel(statuses, status) }),
      facts: [
        { label: t('system'), value: enumLabel(systems, row.system) },
        { label: t('email'), value: row.email },
        { label: t('status'), value: `${enumLabel(statuses, row.status)} → ${enumLabel(statuses, status)}` },
      ],
      danger: status !== 'ENABLED',
      onOk: () => modify.mutateAsync({ id: row.id, status: status as Account['status'] }),
    }, t);
  const hasWms = (email: string) => rows.some((a) => a.system === 'WMS' && a.email === email && a.activatedAt);

  return (
    <Table<Account>
      rowKey="id"
      size="small"
      data-testid="merchant-accounts"
      loading={accounts.isFetching}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'system', title: t('system'), dataIndex: 'system', render: (value: string) => <Tag>{enumLabel(systems, value)}</Tag> },
        { key: 'email', title: t('email'), dataIndex: 'email' },
        { key: 'userType', title: t('userType'), dataIndex: 'userType', render: (value) => enumLabel(userTypes, value) },
        {
          key: 'status',
          title: t('status'),
          render: (_, row) =>
            can(EDIT) ? (
              <Select
                size="small"
                aria-label={`${t('status')} ${row.system} ${row.email}`}
                value={row.status}
                options={statuses}
                style={{ minWidth: 130 }}
                onChange={(status: string) => askStatus(row, status)}
              />
            ) : (
              enumLabel(statuses, row.status)
            ),
        },
        {
          key: 'accountType',
          title: t('accountType'),
          render: (_, row) =>
            row.system === 'IAM' && can(EDIT) ? (
              <Select
                size="small"
                aria-label={`${t('accountType')} ${row.email}`}
                value={row.accountType}
                options={types}
                style={{ minWidth: 120 }}
                onChange={(accountType) => modify.mutate({ id: row.id, accountType })}
              />
            ) : (
              <span data-testid={`account-type-${row.system}-${row.email}`}>{enumLabel(types, row.accountType)}</span>
            ),
        },
        {
          key: 'activatedAt',
          title: t('activatedAt'),
          render: (_, row) => formatTime(row.activatedAt) || <Typography.Text type="secondary">{t('notActivated')}</Typography.Text>,
        },
        {
          key: 'actions',
          title: t('resource.actions'),
          render: (_, row) =>
            row.system === 'ERP' && !hasWms(row.email) ? (
              <Can permission={ACTIVATE_WMS}>
                <Button size="small" loading={activate.isPending} onClick={() => activate.mutate(row.id)}>
                  {t('activateWms')}
                </Button>
              </Can>
            ) : null,
        },
      ]}
    />
  );
}
