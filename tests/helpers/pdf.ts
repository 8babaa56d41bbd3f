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

/** A PDF of several pages, each with its lines of text (Helvetica 9 pt): a long document to read in parts. */
export async function makePagedPdf(pages: readonly (readonly string[])[]): Promise<Uint8Array> {
  const mupdf = await import('mupdf');
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const resources = doc.addObject({ Font: { F1: font } });
  const escape = (line: string) => line.replace(/[\\()]/g, (c) => `\\${c}`);
  for (const lines of pages) {
    const body = lines.map((line) => `(${escape(line)}) Tj T*`).join(' ');
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, `BT /F1 9 Tf 11 TL 36 806 Td ${body} ET`));
  }
  return doc.saveToBuffer('').asUint8Array().slice();
}
