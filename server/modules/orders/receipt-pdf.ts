// The receipt as a PDF (ADR 098), made on the server with pdfkit: the same content as the receipt
// page — the shop, the receipt number and date, the order, its lines and totals, payments,
// refunds and balance — on A4. pdfkit's built-in Helvetica has no naira sign, so amounts (from the
// one formatter) read "NGN 12,000" here.
import PDFDocument from 'pdfkit';
import type { ReceiptView } from '#core/contract/receipts.ts';
import { formatPrice } from '#core/money.ts';
import { PAYMENT_METHOD_LABELS } from '#core/order-status.ts';

const lagosDate = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** A moment as the receipt prints it, in Lagos time. */
export function receiptDate(iso: string): string {
  return lagosDate.format(new Date(iso));
}

const money = (kobo: number) => formatPrice(kobo).replace('₦', 'NGN ');

export function receiptFileName(receipt: Pick<ReceiptView, 'number'>): string {
  return `receipt-${receipt.number}.pdf`;
}

/** The receipt's PDF. `compress: false` leaves its text readable in the file (tests). */
export function receiptPdf(receipt: ReceiptView, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    compress: options.compress ?? true,
    info: { Title: `Receipt ${receipt.number}`, Author: receipt.shop.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const { shop, order } = receipt;

  // The shop and the receipt.
  doc.font('Helvetica-Bold').fontSize(20).text(shop.name, left, doc.y);
  doc.font('Helvetica').fontSize(9).fillColor('#333333');
  for (const line of [shop.address, `${shop.phone} · ${shop.email}`]) if (line.trim()) doc.text(line);
  doc.moveDown(0.8);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(14).text(`Receipt ${receipt.number}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Date: ${receiptDate(receipt.issuedAt)}`);
  doc.text(`Order: ${order.trackingNumber} (placed ${receiptDate(order.placedAt)})`);
  doc.text(`Payment method: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').text('Billed to');
  doc.font('Helvetica');
  for (const line of [order.customerName, order.email, order.phone ?? '', order.address]) {
    if (line) doc.text(line);
  }
  doc.moveDown(0.8);

  // A table: columns as fractions of the width.
  const row = (cells: string[], cols: number[], opts: { bold?: boolean; right?: boolean[] } = {}) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      const w = cols[i]! * width;
      doc.text(cell, x, y, { width: w - 6, align: opts.right?.[i] ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.x = left;
    doc.y = bottom + 4;
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor('#999999')
      .lineWidth(0.5)
      .stroke();
    doc.y += 4;
  };

  const itemCols = [0.46, 0.16, 0.08, 0.15, 0.15];
  const itemRight = [false, false, true, true, true];
  row(['Item', 'SKU', 'Qty', 'Unit price', 'Total'], itemCols, { bold: true, right: itemRight });
  rule();
  for (const l of receipt.lines) {
    const name = l.variantLabel ? `${l.productName} (${l.variantLabel})` : l.productName;
    const discount = l.discountKobo > 0 ? `\nless ${money(l.discountKobo)}` : '';
    row(
      [name, l.sku, String(l.quantity), money(l.unitPriceKobo), `${money(l.totalKobo)}${discount}`],
      itemCols,
      { right: itemRight },
    );
  }
  rule();

  const sumCols = [0.7, 0.3];
  const sum = (label: string, kobo: string, bold = false) =>
    row([label, kobo], sumCols, { bold, right: [true, true] });
  sum('Subtotal', money(receipt.subtotalKobo));
  if (receipt.discountKobo > 0) {
    sum(`Discount${receipt.promoCode ? ` (${receipt.promoCode})` : ''}`, `-${money(receipt.discountKobo)}`);
  }
  sum('Delivery', receipt.deliveryFeeKobo > 0 ? money(receipt.deliveryFeeKobo) : 'Free');
  sum('Total', money(receipt.totalKobo), true);
  doc.moveDown(0.8);

  const payCols = [0.25, 0.35, 0.22, 0.18];
  const payRight = [false, false, false, true];
  doc.font('Helvetica-Bold').fontSize(11).text('Payments', left);
  doc.moveDown(0.3);
  row(['Method', 'Reference', 'Date', 'Amount'], payCols, { bold: true, right: payRight });
  rule();
  if (receipt.payments.length === 0) row(['No payment recorded.'], [1]);
  for (const p of receipt.payments) {
    row([p.method, p.reference, receiptDate(p.at), money(p.amountKobo)], payCols, { right: payRight });
  }
  doc.moveDown(0.5);

  doc.font('Helvetica-Bold').fontSize(11).text('Refunds', left);
  doc.moveDown(0.3);
  if (receipt.refunds.length === 0) {
    row(['No refunds.'], [1]);
  } else {
    row(['Method', 'Reference', 'Date', 'Amount'], payCols, { bold: true, right: payRight });
    rule();
    for (const r of receipt.refunds) {
      const ref = r.receiptNumber ? `${r.reference} (receipt ${r.receiptNumber})` : r.reference;
      row([r.method, ref, receiptDate(r.at), money(r.amountKobo)], payCols, { right: payRight });
    }
  }
  doc.moveDown(0.5);
  rule();
  sum('Paid', money(receipt.paidKobo));
  if (receipt.refundedKobo > 0) sum('Refunded', `-${money(receipt.refundedKobo)}`);
  sum('Balance due', money(receipt.balanceKobo), true);

  doc.moveDown(1.5);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#333333')
    .text(`Thank you for shopping with ${shop.name}.`, left, doc.y, { width, align: 'center' });
  doc.end();
  return done;
}
