// Domain errors cross from the server modules into loaders and actions through the load context.
// The app bundle never imports server code, so it recognises them by shape, not by class.
export interface AppErrorLike {
  status: number;
  code: string;
  message: string;
  expose: true;
  fieldErrors?: Record<string, string[]>;
}

export function asAppError(error: unknown): AppErrorLike | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as Partial<AppErrorLike>;
  return typeof e.status === 'number' &&
    typeof e.code === 'string' &&
    e.expose === true &&
    typeof e.message === 'string'
    ? (e as AppErrorLike)
    : null;
}
