// Word (DOCX) and OpenDocument (ODT) files made on the fly: a ZIP written here (deflated entries,
// central directory) around the minimal XML each format needs, as Word and LibreOffice write it.
import { crc32, deflateRawSync } from 'node:zlib';

export function makeZip(files: Record<string, string>, options: { store?: string[] } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const stored = options.store?.includes(name) ?? false;
    const body = stored ? data : deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const header = (central: boolean) => {
      const b = Buffer.alloc(central ? 46 : 30);
      b.writeUInt32LE(central ? 0x02014b50 : 0x04034b50, 0);
      const at = central ? 6 : 4; // the central record has "version made by" first
      if (central) b.writeUInt16LE(20, 4);
      b.writeUInt16LE(20, at);
      b.writeUInt16LE(stored ? 0 : 8, at + 4);
      b.writeUInt32LE(crc32(data), at + 10);
      b.writeUInt32LE(body.length, at + 14);
      b.writeUInt32LE(data.length, at + 18);
      b.writeUInt16LE(nameBytes.length, at + 22);
      if (central) b.writeUInt32LE(offset, 42);
      return b;
    };
    locals.push(header(false), nameBytes, body);
    centrals.push(header(true), nameBytes);
    offset += 30 + nameBytes.length + body.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, central, end]);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A DOCX whose pages hold the given paragraphs; a paragraph starting with "# " is a Heading 1. */
export function makeDocx(pages: string[][]): Buffer {
  const para = (text: string) =>
    text.startsWith('# ')
      ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${esc(text.slice(2))}</w:t></w:r></w:p>`
      : `<w:p><w:r><w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
  // Word ends a page with a run holding a page break, and notes the break again where it laid out the next page.
  const body = pages.map((paras, i) => (i > 0 ? '<w:p><w:r><w:br w:type="page"/></w:r><w:r><w:lastRenderedPageBreak/></w:r></w:p>' : '') + paras.map(para).join('')).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`;
  return makeZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': document,
  });
}

/** An ODT whose pages hold the given paragraphs: a soft page break between pages 1 and 2, a page-breaking style after. */
export function makeOdt(pages: string[][]): Buffer {
  const para = (text: string, style?: string) =>
    text.startsWith('# ')
      ? `<text:h text:outline-level="1"${style ? ` text:style-name="${style}"` : ''}>${esc(text.slice(2))}</text:h>`
      : `<text:p${style ? ` text:style-name="${style}"` : ''}>${esc(text).replace(/  /g, ' <text:s/>')}</text:p>`;
  const body = pages
    .map((paras, i) => {
      if (i === 1) return '<text:soft-page-break/>' + paras.map((t) => para(t)).join('');
      return paras.map((t, j) => para(t, i > 1 && j === 0 ? 'P1' : undefined)).join('');
    })
    .join('');
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"><office:automatic-styles><style:style style:name="P1" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles><office:body><office:text>${body}</office:text></office:body></office:document-content>`;
  return makeZip({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': content }, { store: ['mimetype'] });
}
