/** The sign-in failure toast (docs/product.md §6): the provider's message, then the method, e.g. "Popup closed (google)". */
export function formatSignInError(message: string, method: string): string {
  return `${message} (${method})`;
}
