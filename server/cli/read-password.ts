// The password for admin:create, read without it ever reaching the shell's history (ADR 068):
// at a terminal it is typed at a prompt that does not echo it (readline in raw mode, its echo
// written to nowhere); piped, the first line of stdin is the password (for scripts, e.g.
// `secret-tool lookup … | npm run admin:create -- --email …`).
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

export class PasswordNotGiven extends Error {}

/** Asks `question` on `output` and reads one line from the terminal `input` without echoing it. */
export function promptHidden(
  question: string,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Promise<string> {
  output.write(question);
  const nowhere = new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
  const rl = createInterface({ input, output: nowhere, terminal: true });
  return new Promise<string>((resolve, reject) => {
    let answered = false;
    rl.once('line', (line) => {
      answered = true;
      rl.close();
      resolve(line);
    });
    // Ctrl-C in raw mode reaches readline, not the process: stop as the shell would.
    rl.once('SIGINT', () => {
      rl.close();
      reject(new PasswordNotGiven('Stopped: no admin was created.'));
    });
    rl.once('close', () => {
      output.write('\n');
      if (!answered) reject(new PasswordNotGiven('No password was typed: no admin was created.'));
    });
  });
}

/** The first line of a piped `input` (without its line ending), or null when it has none. */
export function readFirstLine(input: NodeJS.ReadableStream): Promise<string | null> {
  const rl = createInterface({ input, terminal: false });
  return new Promise<string | null>((resolve) => {
    let line: string | null = null;
    rl.once('line', (first) => {
      line = first;
      rl.close();
    });
    rl.once('close', () => resolve(line));
  });
}

/**
 * The password: prompted twice (it must match) when `input` is a terminal, else the first line
 * piped in. Refuses when nothing was given.
 */
export async function readPassword(
  email: string,
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (input.isTTY) {
    const first = await promptHidden(`Password for ${email} (not shown as you type): `, input, output);
    if (first === '') throw new PasswordNotGiven('No password was typed: no admin was created.');
    const again = await promptHidden('The same password again: ', input, output);
    if (again !== first) throw new PasswordNotGiven('The two passwords differ: no admin was created.');
    return first;
  }
  const line = await readFirstLine(input);
  if (line === null || line === '')
    throw new PasswordNotGiven(
      'No password: run the command at a terminal to type it, or pipe it in on the first line of stdin.',
    );
  return line;
}
