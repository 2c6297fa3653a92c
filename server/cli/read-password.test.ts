// admin:create's password (issue 30, ADR 068): typed at a prompt that does not echo it, or the
// first line piped in; nothing given is refused with a message that says how to give it.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PasswordNotGiven, promptHidden, readPassword } from './read-password.ts';

function capture() {
  const output = new PassThrough();
  let text = '';
  output.on('data', (d) => {
    text += String(d);
  });
  return { output, text: () => text };
}

describe('the password prompt', () => {
  it('asks, reads the typed line and never echoes it', async () => {
    const input = new PassThrough();
    const { output, text } = capture();
    const answer = promptHidden('Password for owner@example.ng: ', input, output);
    input.write('harmattan ');
    input.write('morning walk\r');
    expect(await answer).toBe('harmattan morning walk');
    expect(text()).toContain('Password for owner@example.ng: ');
    expect(text()).not.toContain('harmattan');
    expect(text()).not.toContain('*');
  });

  it('stops on Ctrl-C without a password', async () => {
    const input = new PassThrough();
    const { output } = capture();
    const answer = promptHidden('Password: ', input, output);
    input.write('half typed\u0003');
    await expect(answer).rejects.toThrow(PasswordNotGiven);
  });
});

describe('a piped password', () => {
  it('is the first line of stdin', async () => {
    const input = new PassThrough();
    input.end('lagos sunset passphrase\nignored\n');
    expect(await readPassword('owner@example.ng', input, capture().output)).toBe('lagos sunset passphrase');
  });

  it('is refused when stdin has none, saying how to give one', async () => {
    const input = new PassThrough();
    input.end('');
    await expect(readPassword('owner@example.ng', input, capture().output)).rejects.toThrow(
      /at a terminal to type it, or pipe it in/,
    );
  });
});
