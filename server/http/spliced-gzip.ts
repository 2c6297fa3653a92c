// Gzip made of pieces compressed apart (ADR 053), as Varnish serves edge-side includes: a kept page
// cut at its personal slots has each fixed piece deflated once; a visitor's page deflates only their
// slots' few hundred bytes and strings the pieces into one gzip member. Each piece is a raw deflate
// stream of its own (no reference into another piece) ended by a sync flush (byte-aligned, not the
// last block), so any sequence of them, closed by an empty last block, is one valid deflate stream;
// the gzip trailer's CRC-32 and length are those of the whole page. zlib does the compressing and
// the CRC; this file only frames (RFC 1952).
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** ID1 ID2, deflate, no flags, no modification time, no extra flags, unknown OS. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty fixed-Huffman block marked last: ends the deflate stream after the pieces. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

export interface GzipPiece {
  plain: Buffer;
  deflated: Buffer;
}

/** A piece's deflate stream, independent of every other piece and ready for one to follow. */
export function deflatePiece(plain: Buffer, level: number): GzipPiece {
  return { plain, deflated: deflateRawSync(plain, { level, finishFlush: constants.Z_SYNC_FLUSH }) };
}

/** One gzip member holding the pieces' text in order. */
export function splicedGzip(pieces: GzipPiece[]): Buffer {
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    // Node's crc32 answers 0 for an empty buffer whatever CRC it is given to continue.
    if (piece.plain.byteLength === 0) continue;
    crc = crc32(piece.plain, crc);
    size += piece.plain.byteLength;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...pieces.map((piece) => piece.deflated), LAST_BLOCK, trailer]);
}
