// At start: the admins the shop needs. The demo admin exists while the shop runs on sample data
// and has no admin yet; ADMIN_EMAIL / ADMIN_PASSWORD create the owner's admin once.
import { DEMO_ADMIN } from '#core/demo.ts';
import type { Logger } from '#server/platform/logger.ts';
import type { AccountsService } from './accounts.service.ts';

export async function bootstrapAdmins(deps: {
  accounts: AccountsService;
  usesSampleData: boolean;
  admin?: { email?: string; password?: string };
  log: Logger;
}): Promise<{ demoAdminUsable: boolean }> {
  const { accounts, log } = deps;
  if (deps.usesSampleData && !(await accounts.hasAdmin())) {
    await accounts.createAdmin(DEMO_ADMIN);
    log.info({ email: DEMO_ADMIN.email }, 'demo admin created (sample data)');
  }
  const { email, password } = deps.admin ?? {};
  if (email && password) {
    const result = await accounts.ensureAdmin({ email, password });
    if (result === 'created') log.info({ email }, 'admin created from ADMIN_EMAIL');
    else
      log.info(
        { email },
        'ADMIN_EMAIL already has an account: left unchanged (use npm run admin:create to reset it)',
      );
  } else if (email || password) {
    log.warn('Set both ADMIN_EMAIL and ADMIN_PASSWORD to create an admin at start.');
  }
  const demoAdminUsable =
    deps.usesSampleData && (await accounts.passwordMatches(DEMO_ADMIN.email, DEMO_ADMIN.password));
  return { demoAdminUsable };
}
