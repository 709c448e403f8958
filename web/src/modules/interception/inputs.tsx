import { Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { referenceQuery } from '../../api/referenceQuery';
import { asReference } from '../../components/ReferenceSelect';
import type { InputProps } from '../../components/resource';
import { pickerProps } from '../users/pickedIds';


/** The rule's stores: bound stores of the merchant picked in the same form (none offered before it is picked). */
export const ShopsInput = asReference(function ShopsInput({ id, label, value, onChange, disabled }: InputProps) {
  const form = Form.useFormInstance();
  const merchantId = Form.useWatch<unknown>('merchantId', form) as number | string | undefined;
  const picked = merchantId !== undefined && merchantId !== null && merchantId !== '';
  const { data = [], isFetching } = useQuery({
    ...referenceQuery(['shop', 'options', 'merchant', merchantId], '/cms/shop/options', {
      params: { query: { merchantId: picked ? Number(merchantId) : undefined } },
    }),
    enabled: picked,
  });
  return (
    <Select
      {...pickerProps({ id, label, value, onChange, multiple: true })}
      mode="multiple"
      disabled={disabled || !picked}
      loading={isFetching}
      optionFilterProp="label"
      options={data.map((shop) => ({ value: shop.id, label: `${shop.name} · ${shop.channel}` }))}
    />
  );
}, '/cms/shop/options');

/** SKUs typed one after another (comma, semicolon, space or Enter ends one). */
