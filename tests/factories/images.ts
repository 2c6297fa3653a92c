// Picture files for upload tests: real photos made by sharp, and the hostile files a shop's
// upload must refuse (a pixel bomb, polyglots, SVG).
import sharp from 'sharp';

export async function jpegPhoto(width = 800, height = 600, options: { gps?: boolean } = {}): Promise<Buffer> {
  let pipeline = sharp({
    create: { width, height, channels: 3, background: { r: 150, g: 60, b: 90 } },
  }).jpeg({ quality: 80 });
  if (options.gps) {
    pipeline = pipeline.withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 27/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '3/1 23/1 0/1',
      },
    });
  }
  return pipeline.toBuffer();
}

export async function pngPhoto(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 80, alpha: 1 } } })
    .png()
    .toBuffer();
}

export async function webpPhoto(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 180, b: 40 } } })
    .webp()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb: a few hundred bytes of PNG whose header claims `width` × `height` pixels
 * (a small real PNG with its IHDR dimensions rewritten and its checksum recomputed).
 */
export async function pixelBomb(width = 30_000, height = 30_000): Promise<Buffer> {
  const png = Buffer.from(await pngPhoto(1, 1));
  // Signature (8) + IHDR length (4) + "IHDR" (4): width at 16, height at 20, CRC after 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export const SVG_DRAWING = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#c79a45"/><script>alert(document.cookie)</script></svg>',
);

/** A ZIP archive's smallest form: an empty end-of-central-directory record. */
export const EMPTY_ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
