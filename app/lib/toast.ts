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

/** Longest message kept (a flash cookie must stay small). */
export const TOAST_MAX_LENGTH = 300;
