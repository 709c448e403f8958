import { Descriptions, Table, Tag } from 'antd';
import { useTranslate } from '../../i18n';
import { formatMoney } from '../../components/format/money';
import { formatTime } from '../../components/format/time';
import { enumLabel, useEnumOptions } from '../../components/resource';
import type { RequestQuote } from './api';

type Line = RequestQuote['packages'][number];

/** What a request asks for: its packages with version, count, amounts and the period each grants, and its totals
 *  in the currency's precision (SPEC §9: IDR no decimals, the others two). */
export function RequestSummary({ request }: { request: RequestQuote }) {
  const t = useTranslate(['subscriptions']);
  const states = useEnumOptions('SubscriptionRequestState');
  const money = (value: string | number) => formatMoney(String(value), request.currency);
  const columns = [
    { key: 'name', title: t('fields.package'), render: (_: unknown, line: Line) => `${line.displayName} (${line.packageName})` },
    { key: 'count', title: t('fields.count'), dataIndex: 'count' },
    // what the line costs in this request (count × actual payment; nothing for a gift): the totals add these up
    { key: 'actual', title: t('fields.actualPayment'), render: (_: unknown, line: Line) => money(line.linePayment) },
    {
      key: 'period', title: t('fields.period'),
      render: (_: unknown, line: Line) => (line.periodStart ? `${formatTime(line.periodStart)} – ${formatTime(line.periodEnd)}` : ''),
    },
  ];
  return (
    <>
      <Descriptions size="small" column={2} bordered items={[
        { key: 'state', label: t('fields.state'), children: <Tag>{enumLabel(states, request.state) || request.state}</Tag> },
        { key: 'kind', label: t('fields.kind'), children: t(`kind.${request.kind}`) },
        { key: 'merchant', label: t('fields.merchant'), children: request.merchantEmail },
        { key: 'requester', label: t('fields.requester'), children: request.requesterName },
        { key: 'receipt', label: t('fields.receiptNumber'), children: request.receiptNumber ?? '' },
        { key: 'serial', label: t('fields.paymentSerial'), children: request.paymentSerial ?? '' },
        { key: 'paymentAt', label: t('fields.paymentAt'), children: formatTime(request.paymentAt) },
        { key: 'freeDays', label: t('fields.freeDays'), children: request.freeDays },
        { key: 'amount', label: t('fields.amount'), children: money(request.totalAmount) },
        { key: 'tax', label: t('fields.tax'), children: money(request.totalTax) },
        { key: 'discount', label: t('fields.discountedPrice'), children: money(request.totalDiscountedPrice) },
        { key: 'total', label: t('fields.actualPayment'), children: <strong>{`${money(request.totalActualPayment)} ${request.currency}`}</strong> },
      ]} />
      <Table<Line> size="small" style={{ marginTop: 12 }} rowKey="versionId" pagination={false} columns={columns} dataSource={request.packages} />
    </>
  );
}
