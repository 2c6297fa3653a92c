// axe-core in a real page. The shop's CSP allows only scripts with the response's nonce (ADR 018),
// so a <script> tag added by the test would be refused; playwright's evaluate runs the source
// through the DevTools protocol instead, which the page's CSP does not govern, so the page under
// test keeps its real policy.
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary: string }[];
}

/** Runs axe (WCAG 2.x A and AA rules, and best practices) on the page as it is now. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const engine = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await engine.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String),
        html: n.html,
        failureSummary: n.failureSummary ?? '',
      })),
    }));
  });
}

const BLOCKING = new Set(['serious', 'critical']);

/** Readable lines for a failure message: rule, impact, help and the first few elements. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}  ${n.html.slice(0, 160)}\n      ${n.failureSummary}`)
          .join('\n'),
    )
    .join('\n');
}

/** The serious and critical violations axe finds on the page. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await runAxe(page)).filter((v) => v.impact !== null && BLOCKING.has(v.impact));
}

/**
 * Fails with every serious or critical violation axe finds on the page (softly: the test goes on
 * to the next page, so one run lists them all).
 */
export async function expectNoSeriousViolations(page: Page, where: string) {
  const blocking = await seriousViolations(page);
  expect.soft(blocking, `axe on ${where}:\n${describeViolations(blocking)}`).toEqual([]);
}
