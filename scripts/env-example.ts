// npm run env:example: writes .env.example from server/env.ts, every setting with its one line of
// help (its `.describe()`) and its default, all commented out (a copy changes nothing until a line
// is uncommented). scripts/env-example.test.ts fails when the file is not what this writes now.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EnvSchema } from '#server/env.ts';
import { PROJECT_ROOT } from '#server/paths.ts';

export const ENV_EXAMPLE = path.join(PROJECT_ROOT, '.env.example');

const HEADER = `# Crown Hair's settings: copy this file to .env in the project root and uncomment what you change.
# Every command reads .env: npm start, npm run dev, admin:create, db:*, fuzz. A variable set in the
# environment wins over the file. ENV_FILE=path/to/file reads another file; ENV_FILE=none no file.
# None is needed: the defaults run a demo shop on the embedded database.
# Written by \`npm run env:example\` from server/env.ts: change the help there, not here.
`;

/** A default as it would be written in the file; null when the setting has none (unset). */
function written(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.length > 0 ? value.join(',') : null;
  if (typeof value === 'object') return Object.keys(value).length > 0 ? JSON.stringify(value) : null;
  const text = String(value);
  return /[\s#"'`]/.test(text) ? `"${text}"` : text;
}

function wrap(text: string, width = 98): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

export function renderEnvExample(): string {
  const blocks = Object.entries(EnvSchema.shape).map(([name, field]) => {
    const help = field.description;
    if (!help) throw new Error(`${name} in server/env.ts has no .describe(): give it one line of help.`);
    const value = written(field.parse(undefined));
    return [...wrap(help), `# ${name}=${value ?? ''}`].join('\n');
  });
  return `${HEADER}\n${blocks.join('\n\n')}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(ENV_EXAMPLE, renderEnvExample());
  console.log(`Wrote ${path.relative(process.cwd(), ENV_EXAMPLE) || ENV_EXAMPLE}.`);
}
