import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A real PowerPoint file (.pptx) as a teacher would have it: written by LibreOffice from a flat
 * OpenDocument presentation, one slide per entry (a title and a line under it).
 */
export async function pptxOfSlides(slides: [string, string][]) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paiclass-e2e-pptx-'));
  try {
    const pages = slides
      .map(
        ([title, line], i) =>
          `<draw:page draw:name="p${i + 1}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="24cm" svg:height="4cm"><draw:text-box><text:p><text:span text:style-name="T1">${escapeXml(title)}</text:span></text:p></draw:text-box></draw:frame><draw:frame svg:x="2cm" svg:y="8cm" svg:width="24cm" svg:height="4cm"><draw:text-box><text:p>${escapeXml(line)}</text:p></draw:text-box></draw:frame></draw:page>`,
      )
      .join('');
    const fodp = `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:automatic-styles><style:style style:name="T1" style:family="text"><style:text-properties fo:font-size="40pt" fo:font-weight="bold"/></style:style></office:automatic-styles><office:body><office:presentation>${pages}</office:presentation></office:body></office:document>`;
    await writeFile(path.join(dir, 'deck.fodp'), fodp);
    await run(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        '--convert-to',
        'pptx',
        '--outdir',
        dir,
        path.join(dir, 'deck.fodp'),
      ],
      { timeout: 120_000 },
    );
    return await readFile(path.join(dir, 'deck.pptx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
