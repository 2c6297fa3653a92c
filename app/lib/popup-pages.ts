/** Pages where the popup banner would stand between a shopper and paying (and the admin portal). */
export function popupAllowedOn(pathname: string): boolean {
  return !/^\/(checkout|payment-success|payment-canceled|admin)(\/|$)|^\/pay\//.test(pathname);
}
