// This response's Content-Security-Policy nonce (ADR 018), for inline <script> elements a component
// renders itself (React Router's own get it from <ServerRouter nonce>). Set on the server only:
// in the browser the value is empty, and browsers hide nonce attributes from scripts anyway.
import { createContext, createElement, type ReactNode, useContext } from 'react';

const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  return createElement(NonceContext.Provider, { value }, children);
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
