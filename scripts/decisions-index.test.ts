// docs/decisions/README.md stays a true index (issue 31): it is exactly what
// `npm run decisions:index` writes from the records now, so a new or re-titled ADR shows up there.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, DECISIONS_INDEX, readDecisions, renderDecisionsIndex } from './decisions-index.ts';

describe('the decisions index', () => {
  it('is what `npm run decisions:index` writes from the records now', () => {
    expect(readFileSync(DECISIONS_INDEX, 'utf8'), 'run `npm run decisions:index` and commit it').toBe(
      renderDecisionsIndex(),
    );
  });

  it('lists every record once, in order, each with a title and a status', () => {
    const files = readdirSync(DECISIONS_DIR).filter((f) => /^\d{3}-/.test(f) && f !== '000-template.md');
    const records = readDecisions();
    expect(records.map((r) => r.file)).toEqual(files.sort());
    expect(new Set(records.map((r) => r.number)).size).toBe(records.length);
    for (const r of records) {
      expect(r.title.length, r.file).toBeGreaterThan(3);
      expect(r.status, r.file).toMatch(/^(proposed|accepted|superseded)/);
    }
    const index = readFileSync(DECISIONS_INDEX, 'utf8');
    expect(index).toContain('| [001](001-one-process-modular-monolith.md) |');
  });
});
