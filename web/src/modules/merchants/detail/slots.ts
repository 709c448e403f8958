import type { ComponentType } from 'react';
import { MerchantPlanPanel } from '../../plans/PlanFlowsPanel';
import { SubscriptionButtons } from '../../subscriptions/MerchantButtons';
import { MerchantRecordsPanel } from '../../subscriptions/RecordsPanel';
import type { Merchant } from '../resource';

export interface MerchantSlotProps {
  merchant: Merchant;
  /** Reloads the merchant and its lists after an action changed them. */
  reload: () => void;
}

export interface MerchantPanel {
  key: string;
  /** Translation key of the tab title (in the panel's own namespace, loaded with the page). */
  title: string;
  Panel: ComponentType<MerchantSlotProps>;
}

/**
 * What other modules place on the merchant detail: buttons in its header (subscribe, gift) and tabs beside
 * accounts, shops and payments (the plan and its flows). A module adds its entry here; the page renders them.
 */
export const MERCHANT_ACTIONS: ComponentType<MerchantSlotProps>[] = [SubscriptionButtons];
export const MERCHANT_PANELS: MerchantPanel[] = [
  { key: 'plan', title: 'plans:title', Panel: MerchantPlanPanel },
  { key: 'subscriptions', title: 'subscriptions:records.title', Panel: MerchantRecordsPanel },
];
