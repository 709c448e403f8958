/** A subscription request as the server sends it, for the screens' tests. */
export function testRequest(state: string, overrides: Record<string, unknown> = {}) {
  return {
    id: 41, workflowId: 'subscription-9-INV 1', kind: 'SUBSCRIBE', state, merchantId: 9, merchantEmail: 'shop@x.test',
    requestedBy: 1, requesterName: 'ana', approverId: null, approverName: null, receiptNumber: 'INV 1', paymentSerial: 'TRX-1',
    paymentAt: null, screenshotFileId: null, freeDays: 7, remark: null, currency: 'IDR', totalAmount: '1200000.00',
    totalTax: '132000.00', totalDiscountedPrice: '0.00', totalActualPayment: '1332000.00', createdAt: new Date().toISOString(),
    deadlineAt: null, decidedAt: null, reason: null, subscriptionId: null, canDecide: false, workflowUrl: null,
    packages: [{ packageId: 3, versionId: 30, packageName: 'Pro', displayName: 'Pro yearly', packageType: 'BASIC', addonMode: null,
      planName: 'PRO', paymentPeriod: 'YEAR', currency: 'IDR', count: 1, amount: '1200000.00', tax: '132000.00',
      discountedPrice: '0.00', actualPayment: '1332000.00', linePayment: '1332000.00', monthlyOrders: 3000, periodStart: null, periodEnd: null }],
    ...overrides,
  };
}

