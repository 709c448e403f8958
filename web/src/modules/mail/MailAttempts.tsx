import { Table, Typography } from 'antd';
import { useTranslate } from '../../i18n';
import { formatTime } from '../../components/format/time';
import { enumLabel, useEnumOptions } from '../../components/resource';
import type { MailHistoryDetail, MailHistoryItem } from './api';

type Attempt = MailHistoryDetail['attemptList'][number];

/** Below a mail's fields in its View (the detail route's reply, which lists the attempts): every attempt, with its
 * time, result and the mail server's reply. */
export function MailAttempts({ row }: { row: MailHistoryItem & Partial<Pick<MailHistoryDetail, 'attemptList'>> }) {
  const t = useTranslate(['mail', 'resource']);
  const results = useEnumOptions('MailSendStatus');
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('history.attempts')}</Typography.Title>
      <Table<Attempt>
        size="small"
        rowKey="attempt"
        pagination={false}
        data-testid="mail-attempts"
        dataSource={row.attemptList ?? []}
        locale={{ emptyText: t('history.noAttempts') }}
        columns={[
          { key: 'attempt', dataIndex: 'attempt', title: '#', width: 48 },
          { key: 'at', dataIndex: 'at', title: t('history.at'), render: (at: string) => formatTime(at) },
          { key: 'result', dataIndex: 'result', title: t('history.result'), render: (result: string) => enumLabel(results, result) },
          { key: 'reply', dataIndex: 'reply', title: t('smtpReply') },
        ]}
      />
    </>
  );
}
