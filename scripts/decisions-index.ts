// npm run decisions:index: writes docs/decisions/README.md, the index of the decision records:
// each ADR's number, title (its one line), status and the date it was written, read from the
// records themselves. scripts/decisions-index.test.ts fails when the index is not what this
// writes now, so a new ADR cannot be left out of it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '#server/paths.ts';

export const DECISIONS_DIR = path.join(PROJECT_ROOT, 'docs/decisions');
export const DECISIONS_INDEX = path.join(DECISIONS_DIR, 'README.md');

export interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  status: string;
  date: string;
}

/** The value of a `- Name: …` line, with any wrapped continuation lines joined on. */
function field(lines: string[], name: string): string {
  const start = lines.findIndex((line) => line.startsWith(`- ${name}:`));
  if (start === -1) return '';
  const parts = [lines[start]!.slice(name.length + 3).trim()];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\S/.test(line)) break;
    parts.push(line.trim());
  }
  return parts.join(' ');
}

export function readDecisions(): DecisionRecord[] {
  return readdirSync(DECISIONS_DIR)
    .filter((file) => /^\d{3}-.+\.md$/.test(file) && !file.startsWith('000-'))
    .sort()
    .map((file) => {
      const lines = readFileSync(path.join(DECISIONS_DIR, file), 'utf8').split('\n');
      const heading = lines.find((line) => line.startsWith('# ')) ?? '';
      const match = heading.match(/^# (\d{3})(?::|\s+[—-])\s+(.+)$/);
      if (!match) throw new Error(`${file}: the first heading must be "# NNN — Title" (or "# NNN: Title").`);
      if (file.slice(0, 3) !== match[1]) throw new Error(`${file}: the heading's number is ${match[1]}.`);
      const status = field(lines, 'Status');
      if (!status) throw new Error(`${file}: no "- Status:" line.`);
      return { file, number: match[1]!, title: match[2]!.trim(), status, date: field(lines, 'Date') };
    });
}

const cell = (text: string) => text.replaceAll('|', '\\|');

export function renderDecisionsIndex(records = readDecisions()): string {
  const rows = records.map(
    (r) => `| [${r.number}](${r.file}) | ${cell(r.title)} | ${cell(r.status)} | ${r.date} |`,
  );
  return `# Decision records

Why the shop is built the way it is: one record per choice someone might question, numbered in
the order they were made. A record is never rewritten to say something else: a later record
supersedes or amends it, and its status says so. Start a new one from
[000-template.md](000-template.md) with the next number.

Written by \`npm run decisions:index\` from the records' own headings and status lines: change a
record, then run it.

| ADR | Decision | Status | Date |
| --- | --- | --- | --- |
${rows.join('\n')}
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(DECISIONS_INDEX, renderDecisionsIndex());
  console.log(`Wrote ${path.relative(process.cwd(), DECISIONS_INDEX)}.`);
}
