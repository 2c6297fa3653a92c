// A small SMTP server on real sockets for outage drills (ADR 050): it can be down (port closed),
// refuse at the greeting (421), refuse a recipient for now (450, greylisting), refuse the message
// for now (451), take the message and then drop the connection before answering, be slow, or work.
// Each accepted message is kept with its Message-ID, so a test can count deliveries per message.
import net from 'node:net';

export type SmtpMode = 'down' | 'greet-421' | 'rcpt-450' | 'data-451' | 'drop-after-data' | 'up';

export interface ReceivedMail {
  messageId: string;
  to: string[];
  raw: string;
}

export class DrillSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Milliseconds to wait before answering the end of DATA (a slow server). */
  slowDataMs = 0;
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private current: SmtpMode = 'down';

  private constructor(readonly port: number) {}

  /** A server on a free port of 127.0.0.1, in `mode`. */
  static async start(mode: SmtpMode): Promise<DrillSmtpServer> {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const server = new DrillSmtpServer(port);
    await server.setMode(mode);
    return server;
  }

  get mode(): SmtpMode {
    return this.current;
  }

  /** Deliveries of each Message-ID. */
  countsByMessageId(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const m of this.received) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
    return counts;
  }

  /**
   * Switches behaviour as a restart would: every open connection is cut; `down` closes the port
   * (connections are refused), any other mode listens on the same port.
   */
  async setMode(mode: SmtpMode): Promise<void> {
    this.current = mode;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (mode === 'down') {
      const server = this.server;
      this.server = null;
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      return;
    }
    if (this.server) return;
    const server = net.createServer((socket) => this.converse(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async close(): Promise<void> {
    await this.setMode('down');
  }

  private converse(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    const say = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    if (this.current === 'greet-421') {
      say('421 4.3.2 drill.test Service not available, closing transmission channel');
      socket.end();
      return;
    }
    say('220 drill.test ESMTP');
    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let recipients: string[] = [];
    const endOfData = () => {
      const raw = dataLines.join('\r\n');
      const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '(none)';
      const mode = this.current;
      const finish = () => {
        if (mode === 'data-451') return say('451 4.3.0 drill.test Mailbox busy, try again later');
        this.received.push({ messageId, to: recipients, raw });
        // Taken, but the answer never reaches the sender.
        if (mode === 'drop-after-data') return socket.destroy();
        say(`250 2.0.0 Ok: queued as ${this.received.length}`);
      };
      if (this.slowDataMs > 0) setTimeout(finish, this.slowDataMs);
      else finish();
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at = buffer.indexOf('\r\n');
      while (at >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        at = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            endOfData();
          } else dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          say('250-drill.test');
          say('250-8BITMIME');
          say('250 SMTPUTF8');
        } else if (verb === 'HELO') say('250 drill.test');
        else if (verb === 'MAIL') {
          recipients = [];
          say('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
          if (this.current === 'rcpt-450') {
            say(`450 4.2.0 <${address}>: Recipient address rejected: Greylisted, try again later`);
          } else {
            recipients.push(address);
            say('250 2.1.5 Ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          dataLines = [];
          say('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') say('250 2.0.0 Ok');
        else if (verb === 'QUIT') {
          say('221 2.0.0 Bye');
          socket.end();
        } else say('502 5.5.2 Command not recognised');
      }
    });
  }
}
