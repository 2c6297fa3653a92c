// Demo mode (ADR 016): a named state of the shop. It is on while the shop runs on the sample data,
// on a local address, with no ADMIN_EMAIL, and the owner has not taken it over. Only then does
// the demo admin exist. Taking the shop over (ADMIN_EMAIL at start, npm run admin:create) ends it
// for good: the end is stored in the settings table, and the demo admin and sample promo codes go.
// The demo admin is the account demo mode made, marked as such (users.demo_admin, ADR 062): its
// address alone makes nobody the demo admin.
import { DEMO_ADMIN } from '#core/demo.ts';
import type { ContentService } from '#server/modules/content/content.service.ts';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { isLoopbackAddress } from '#server/platform/loopback.ts';
import type { AccountsService } from './accounts.service.ts';

export interface DemoLeftovers {
  /** The demo admin (the marked account) exists. */
  demoAdmin: boolean;
  /** Sample promo codes still in the database. */
  sampleCodes: string[];
}

/**
 * Whether the shop is a demo shop now, read from the configuration and the content's settings
 * alone: made before the accounts and mail services, which ask it (ADR 094).
 */
export function createDemoSwitch(deps: {
  /**
   * This process may run a demo shop: its PUBLIC_URL is a local address and ADMIN_EMAIL is not
   * set (decided at start from the configuration; see server/shop-address.ts).
   */
  eligible: boolean;
  content: Pick<ContentService, 'getStoreInfo' | 'isDemoEnded'>;
}) {
  const { eligible, content } = deps;

  async function isOn(): Promise<boolean> {
    if (!eligible) return false;
    const [store, ended] = await Promise.all([content.getStoreInfo(), content.isDemoEnded()]);
    return store.usesSampleData && !ended;
  }

  return {
    /** Whether the shop is a demo shop right now (cheap: read through the settings cache). */
    isOn,

    /**
     * Whether a visitor at this client address (request.ip, as the rate limits count it) is shown
     * the demo admin's credentials: in demo mode, from this machine only (ADR 062).
     */
    async showsCredentialsTo(clientIp: string): Promise<boolean> {
      return isLoopbackAddress(clientIp) && (await isOn());
    },
  };
}

export type DemoSwitch = ReturnType<typeof createDemoSwitch>;

export function createDemoModeService(deps: {
  /** The switch (`createDemoSwitch`), made first. */
  demoSwitch: DemoSwitch;
  accounts: Pick<AccountsService, 'createDemoAdmin' | 'demoAdmin' | 'removeDemoAdmin'>;
  content: Pick<ContentService, 'isDemoEnded' | 'endDemo'>;
  promotions: Pick<PromotionsService, 'sampleCodesPresent' | 'removeSampleCodes'>;
}) {
  const { demoSwitch, accounts, content, promotions } = deps;

  return {
    ...demoSwitch,

    /**
     * Makes the demo admin if there is none (call only in demo mode). 'taken': an ordinary account
     * already has its address, and no demo admin is made (that account is never promoted).
     */
    ensureDemoAdmin(): Promise<'created' | 'exists' | 'taken'> {
      return accounts.createDemoAdmin(DEMO_ADMIN);
    },

    /** Whether the demo admin exists and still signs in with the published password. */
    async credentialsWork(): Promise<boolean> {
      return (await accounts.demoAdmin(DEMO_ADMIN.password)).passwordWorks;
    },

    /** Removes the demo admin's account, the marked one only (its sessions end with it). */
    removeDemoAdmin(): Promise<boolean> {
      return accounts.removeDemoAdmin();
    },

    /**
     * The owner has taken the shop over: demo mode ends for good, the demo admin (and its
     * sessions) and the sample promo codes are removed. Once only: codes the owner later makes
     * with those names are theirs.
     */
    async end(reason: string): Promise<{ demoAdminRemoved: boolean; sampleCodesRemoved: string[] }> {
      if (await content.isDemoEnded()) {
        return { demoAdminRemoved: await accounts.removeDemoAdmin(), sampleCodesRemoved: [] };
      }
      await content.endDemo(reason);
      const demoAdminRemoved = await accounts.removeDemoAdmin();
      const sampleCodesRemoved = await promotions.removeSampleCodes();
      return { demoAdminRemoved, sampleCodesRemoved };
    },

    /** What a production shop must not have (it refuses to start while any is left). */
    async leftovers(): Promise<DemoLeftovers> {
      const [demoAdmin, sampleCodes] = await Promise.all([
        accounts.demoAdmin(),
        promotions.sampleCodesPresent(),
      ]);
      return { demoAdmin: demoAdmin.exists, sampleCodes };
    },
  };
}
