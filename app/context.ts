// What every loader and action receives from the server process (see server/http/app.ts).
import type { Logger } from 'pino';
import type { RequestCart } from '../server/modules/cart/cart-cookie.ts';
import type { RequestAuth } from '../server/platform/auth/request-auth.ts';
import type { PageRender } from '../server/platform/page-cache.ts';
import type { Services } from '../server/services.ts';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    requestId: string;
    log: Logger;
    /** The shop's public address, for canonical URLs and links in emails. */
    publicUrl: string;
    clientIp: string;
    /** The session behind this request's cookie; see app/lib/auth.server.ts for the guards. */
    auth: RequestAuth;
    /** Whose cart this request reaches: the account's, or this browser's guest cart. */
    cart: RequestCart;
    /** This response's Content-Security-Policy nonce (ADR 018): every inline <script> carries it. */
    cspNonce: string;
    /** The islands script that enhances pages served without React in the browser (ADR 039), or null. */
    islandsHref: string | null;
    /** What this page says about itself: shared with every anonymous visitor? (ADR 038) */
    page: PageRender;
  }
}
