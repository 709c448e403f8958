import { useMemo } from 'react';
import { ResourcePage, type Resource } from '../../components/resource';
import { useShopSync } from '../order-sync/useShopSync';
import type { Shop } from './resource';

/** A shops list with its order sync: "Sync now", and a shop's sync runs with "Retry" of their failed orders. */
export function ShopsPage({ resource }: { resource: Resource<Shop> }) {
  const { rowActions, drawer } = useShopSync<Shop>();
  const withSync = useMemo(() => ({ ...resource, rowActions: [...rowActions, ...resource.rowActions] }), [resource, rowActions]);
  return (
    <>
      <ResourcePage resource={withSync} />
      {drawer}
    </>
  );
}
