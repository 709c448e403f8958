import type { components } from '../../api/schema';
import { asReference, ReferenceSearch } from '../../components/ReferenceSelect';
import { enumLabel, useEnumOptions, type InputProps } from '../../components/resource';

type ShopOption = components['schemas']['ShopOption'];

/** The picker of a bound store, searched on the server by its name or its merchant's email as the user types. */
export const ShopInput = asReference(function ShopInput({ id, label, value, onChange }: InputProps) {
  const channels = useEnumOptions('Channel');
  return (
    <ReferenceSearch<ShopOption>
      api="/cms/shop/options"
      name={(shop) => `${shop.name} · ${enumLabel(channels, shop.channel)} · ${shop.merchantEmail}`}
      id={id}
      label={label}
      value={value}
      onChange={onChange}
    />
  );
}, '/cms/shop/options');
