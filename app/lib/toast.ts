// What a toast is, shared by the server (the one-time flash cookie) and the browser (the toaster).
export type ToastKind = 'success' | 'error';

export interface Toast {
  kind: ToastKind;
  message: string;
}

/** A toast as the page receives it: `id` tells two equal messages apart. */
export interface ShownToast extends Toast {
  id: string;
}

/** The spec: at most three notifications show at once; a fourth makes the oldest give way. */
export const MAX_VISIBLE_TOASTS = 3;

/** The toasts to show of `all` (oldest first): the newest three. */
export function visibleToasts<T>(all: readonly T[]): T[] {
  return all.slice(-MAX_VISIBLE_TOASTS);
}

/** Longest message kept (a flash cookie must stay small). */
export const TOAST_MAX_LENGTH = 300;
