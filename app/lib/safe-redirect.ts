/** Only same-site paths: never send a shopper to another site through a form field. */
export function safeRedirectPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback: string,
): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return fallback;
  }
  return value;
}
