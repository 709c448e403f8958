import type { ComponentType } from 'react';
import { Navigate, useSearchParams } from 'react-router';

/** A route that only forwards: `/ticket-detail/detail?ticketId=7` opens `/ticket/7`. */
export function forwardTo(to: (query: URLSearchParams) => string): ComponentType {
  return function ForwardPage() {
    const [query] = useSearchParams();
    return <Navigate to={to(query)} replace />;
  };
}
