// The owner's Pay small-small settings (ADR 099): one JSON value in the key/value settings,
// read with the defaults filling what was never set (off in a new shop).
import { LAYAWAY_DEFAULT_RULES, LAYAWAY_DEFAULTS, type LayawaySettings } from '#core/layaway.ts';
import type { Queryable } from '#server/db/client.ts';
import { readSettings, writeSettings } from './settings.repository.ts';

export const LAYAWAY_KEY = 'layaway.settings';

/** The stored value as settings; anything missing or odd falls back to the default. */
export function layawayFrom(stored: string | undefined): LayawaySettings {
  let raw: Partial<LayawaySettings> = {};
  try {
    raw = stored ? (JSON.parse(stored) as Partial<LayawaySettings>) : {};
  } catch {
    raw = {};
  }
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    enabled: raw.enabled === true,
    categorySlugs: Array.isArray(raw.categorySlugs)
      ? raw.categorySlugs.filter((s) => typeof s === 'string')
      : [],
    minTotalKobo: num(raw.minTotalKobo, LAYAWAY_DEFAULTS.minTotalKobo),
    depositPercent: num(raw.depositPercent, LAYAWAY_DEFAULTS.depositPercent),
    instalments: num(raw.instalments, LAYAWAY_DEFAULTS.instalments),
    spacingDays: num(raw.spacingDays, LAYAWAY_DEFAULTS.spacingDays),
    graceDays: num(raw.graceDays, LAYAWAY_DEFAULTS.graceDays),
    defaultRule: LAYAWAY_DEFAULT_RULES.includes(raw.defaultRule as never)
      ? (raw.defaultRule as LayawaySettings['defaultRule'])
      : LAYAWAY_DEFAULTS.defaultRule,
    feeKind: raw.feeKind === 'amount' ? 'amount' : 'percent',
    feeValue: num(raw.feeValue, LAYAWAY_DEFAULTS.feeValue),
  };
}

export async function readLayawaySettings(q: Queryable): Promise<LayawaySettings> {
  return layawayFrom((await readSettings(q, [LAYAWAY_KEY])).get(LAYAWAY_KEY));
}

export async function writeLayawaySettings(q: Queryable, settings: LayawaySettings): Promise<void> {
  await writeSettings(q, { [LAYAWAY_KEY]: JSON.stringify(settings) });
}
