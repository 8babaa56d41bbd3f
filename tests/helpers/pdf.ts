// Small PDFs made on the fly, for the tools and panels that read PDFs.

/** A one-page PDF with the given line of text, written by mupdf. */
export async function makePdf(text: string): Promise<Uint8Array> {
  const mupdf = await import('mupdf');
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const resources = doc.addObject({ Font: { F1: font } });
  const page = doc.addPage([0, 0, 595, 842], 0, resources, `BT /F1 14 Tf 72 760 Td (${text}) Tj ET`);
  doc.insertPage(-1, page);
  return doc.saveToBuffer('').asUint8Array().slice();
}
