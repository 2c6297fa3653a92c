// The text of a PDF pdfkit made, for tests: each content stream inflated (FlateDecode), the hex
// strings of its TJ/Tj operators decoded (pdfkit's standard fonts write WinAnsi bytes), one line
// per text operator. Enough to read a receipt back; not a general PDF parser.
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const bytes = Buffer.from(m[1]!, 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = m[1]!;
    }
    const ops = /\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let op = ops.exec(content); op; op = ops.exec(content)) {
      const hexes =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
