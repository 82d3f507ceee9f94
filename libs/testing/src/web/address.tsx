import { useLocation } from 'react-router-dom';

/**
 * What the address bar would show (`/finances?search=church`), for specs of pages that keep their state in it: render
 * `<AddressProbe />` beside the page inside the router, read `address()` after acting, and render the page again at
 * that address to see it come back as after a reload or from a shared link.
 */
export function watchAddress(): { AddressProbe: () => null; address: () => string } {
  let current = '';
  function AddressProbe() {
    const location = useLocation();
    current = `${location.pathname}${location.search}`;
    return null;
  }
  return { AddressProbe, address: () => current };
}
