/** A route module's `handle`: `hydrate: true` makes its pages the React app (the admin's layout); other pages are not hydrated (decision 0171). */
export interface RouteHandle {
  hydrate?: boolean;
}
