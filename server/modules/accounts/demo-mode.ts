// Demo mode (ADR 016): a named state of the shop. It is on while the shop runs on the sample data,
// on a local address, with no ADMIN_EMAIL, and the owner has not taken it over. Only then does
// the demo admin exist. Taking the shop over (ADMIN_EMAIL at start, npm run admin:create) ends it
// for good: the end is stored in the settings table, and the demo admin and sample promo codes go.
import { DEMO_ADMIN, isDemoAdminEmail } from '#core/demo.ts';
import type { ContentService } from '#server/modules/content/content.service.ts';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import type { AccountsService } from './accounts.service.ts';

export interface DemoLeftovers {
  /** An account with the demo admin's address exists. */
  demoAdmin: boolean;
  /** Sample promo codes still in the database. */
  sampleCodes: string[];
}

export function createDemoModeService(deps: {
  /**
   * This process may run a demo shop: its PUBLIC_URL is a local address and ADMIN_EMAIL is not
   * set (decided at start from the configuration; see server/startup-checks.ts).
   */
  eligible: boolean;
  accounts: Pick<AccountsService, 'createAdmin' | 'roleOf' | 'removeAccount'>;
  content: Pick<ContentService, 'getStoreInfo' | 'isDemoEnded' | 'endDemo'>;
  promotions: Pick<PromotionsService, 'sampleCodesPresent' | 'removeSampleCodes'>;
}) {
  const { eligible, accounts, content, promotions } = deps;

  async function isOn(): Promise<boolean> {
    if (!eligible) return false;
    const [store, ended] = await Promise.all([content.getStoreInfo(), content.isDemoEnded()]);
    return store.usesSampleData && !ended;
  }

  return {
    /** Whether the shop is a demo shop right now (cheap: read through the settings cache). */
    isOn,

    /**
     * Whether this address is the demo admin while demo mode lasts (the two-factor rule exempts
     * it then; outside demo mode the account does not exist).
     */
    async isDemoAdmin(email: string): Promise<boolean> {
      return isDemoAdminEmail(email) && (await isOn());
    },

    /** Creates the demo admin if its address has no account (call only in demo mode). */
    async ensureDemoAdmin(): Promise<'created' | 'exists'> {
      if ((await accounts.roleOf(DEMO_ADMIN.email)) !== null) return 'exists';
      await accounts.createAdmin(DEMO_ADMIN);
      return 'created';
    },

    /** Removes the demo admin's account (its sessions end with it). */
    removeDemoAdmin(): Promise<boolean> {
      return accounts.removeAccount(DEMO_ADMIN.email);
    },

    /**
     * The owner has taken the shop over: demo mode ends for good, the demo admin (and its
     * sessions) and the sample promo codes are removed. Once only: codes the owner later makes
     * with those names are theirs.
     */
    async end(reason: string): Promise<{ demoAdminRemoved: boolean; sampleCodesRemoved: string[] }> {
      if (await content.isDemoEnded()) {
        return { demoAdminRemoved: await accounts.removeAccount(DEMO_ADMIN.email), sampleCodesRemoved: [] };
      }
      await content.endDemo(reason);
      const demoAdminRemoved = await accounts.removeAccount(DEMO_ADMIN.email);
      const sampleCodesRemoved = await promotions.removeSampleCodes();
      return { demoAdminRemoved, sampleCodesRemoved };
    },

    /** What a production shop must not have (it refuses to start while any is left). */
    async leftovers(): Promise<DemoLeftovers> {
      const [role, sampleCodes] = await Promise.all([
        accounts.roleOf(DEMO_ADMIN.email),
        promotions.sampleCodesPresent(),
      ]);
      return { demoAdmin: role !== null, sampleCodes };
    },
  };
}

export type DemoModeService = ReturnType<typeof createDemoModeService>;
