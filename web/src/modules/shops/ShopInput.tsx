import type { components } from '../../api/schema';
import { ReferenceSearch, withOptions } from '../../components/ReferenceSelect';
import type { InputProps } from '../../components/resource';

type ShopOption = components['schemas']['ShopOption'];

/** The picker of a bound store, searched on the server by its name or its merchant's email as the user types. */
export const ShopInput = withOptions('/cms/shop/options', function ShopInput({ id, label, value, onChange }: InputProps) {
  return (
    <ReferenceSearch<ShopOption>
      api="/cms/shop/options"
      name={(shop) => `${shop.name} · ${shop.channel} · ${shop.merchantEmail}`}
      id={id}
      label={label}
      value={value}
      onChange={onChange}
    />
  );
});
