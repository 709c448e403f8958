import { MerchantInput } from '../merchants/MerchantInput';
import { RouteLink } from '../../components/RouteLink';
import { defineResource } from '../../components/resource';
import type { SubscriptionRequest } from './api';

type RequestRow = SubscriptionRequest & { [key: string]: unknown };

/** Subscribe and gift requests (docs/subscriptions.md): the approvers' list, filtered by state; a row opens its
 *  approval page. Read only: requests change through their flow. */
export default defineResource<RequestRow>({
  name: 'subscriptions',
  api: 'subscription',
  permission: 'approvals',
  defaultSort: '-id',
  columns: [
    { key: 'id', title: 'fields.id', priority: 'key', format: (_, row) => <RouteLink to={`/approval/${row.id}`}>#{row.id}</RouteLink> },
    { key: 'state', title: 'fields.state', type: 'enum', enum: 'SubscriptionRequestState', priority: 'key', filter: { multiple: true } },
    { key: 'kind', title: 'fields.kind', type: 'enum', enum: 'SubscriptionKind', filter: true },
    { key: 'merchantId', title: 'fields.merchantId', type: 'number', filter: { input: MerchantInput }, hidden: true },
    { key: 'merchantEmail', title: 'fields.merchant', priority: 'key', ellipsis: true, width: 220 },
    { key: 'requesterName', title: 'fields.requester' },
    { key: 'totalActualPayment', title: 'fields.actualPayment', type: 'currency', currency: 'currency' },
    { key: 'receiptNumber', title: 'fields.receiptNumber', priority: 'wide' },
    { key: 'approverName', title: 'fields.approver', priority: 'wide' },
    { key: 'createdAt', title: 'fields.createdAt', type: 'datetime' },
    { key: 'deadlineAt', title: 'fields.deadlineAt', type: 'datetime' },
  ],
});
