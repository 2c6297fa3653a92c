/** Where to return after a list action: an /admin/products address only, else `fallback`. */
export function safeBack(back: string | undefined, fallback: string): string {
  return back && /^\/admin\/products(\?[^\s]*)?$/.test(back) ? back : fallback;
}
