import JSZip from "jszip";

/**
 * The QR code of the verification URL on the evidence sheet. exceljs's streaming writer embeds
 * no pictures, so the finished package gets the picture's parts added: the PNG
 * (`xl/media/`), a drawing anchoring it at a cell (`xl/drawings/`, SpreadsheetML's DrawingML), the
 * relationships from the sheet to the drawing and from the drawing to the PNG, the sheet's
 * `<drawing>` element and the parts' content types. Nothing else of the package changes.
 */

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
/** English Metric Units a pixel (at 96 to the inch). */
const EMU_PER_PX = 9525;

export interface QrPlacement {
  /** The sheet's name in the workbook. */
  readonly sheet: string;
  /** The anchor cell, zero-based (column 2, row 1: C2). */
  readonly column: number;
  readonly row: number;
  /** The picture's side, in pixels at 96 to the inch. */
  readonly sizePx: number;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The part path (`xl/worksheets/sheet3.xml`) of the sheet named `name`. */
async function sheetPath(zip: JSZip, name: string): Promise<string> {
  const workbook = (await zip.file("xl/workbook.xml")?.async("string")) ?? "";
  const rels = (await zip.file("xl/_rels/workbook.xml.rels")?.async("string")) ?? "";
  const sheet = [...workbook.matchAll(/<sheet [^>]*\/>/g)]
    .map((m) => m[0])
    .find((tag) => tag.includes(` name="${escapeXml(name)}"`) || tag.includes(` name="${name}"`));
  const id = sheet === undefined ? undefined : /\br:id="([^"]+)"/.exec(sheet)?.[1];
  const rel = [...rels.matchAll(/<Relationship [^>]*\/>/g)]
    .map((m) => m[0])
    .find((tag) => tag.includes(` Id="${id}"`));
  const target = rel === undefined ? undefined : /\bTarget="([^"]+)"/.exec(rel)?.[1];
  if (id === undefined || target === undefined) {
    throw new Error(`the workbook has no sheet named ${name}`);
  }
  return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
}

/** A drawing holding one picture, its top left corner at the anchor cell, `sizePx` square. */
function drawingXml(placement: QrPlacement, description: string): string {
  const size = placement.sizePx * EMU_PER_PX;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"' +
    ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">' +
    '<xdr:oneCellAnchor editAs="oneCell">' +
    `<xdr:from><xdr:col>${placement.column}</xdr:col><xdr:colOff>0</xdr:colOff>` +
    `<xdr:row>${placement.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>` +
    `<xdr:ext cx="${size}" cy="${size}"/>` +
    "<xdr:pic><xdr:nvPicPr>" +
    `<xdr:cNvPr id="2" name="QR code" descr="${escapeXml(description)}"/>` +
    '<xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr>' +
    `<xdr:blipFill><a:blip xmlns:r="${REL}" r:embed="rId1"/>` +
    "<a:stretch><a:fillRect/></a:stretch></xdr:blipFill>" +
    `<xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${size}" cy="${size}"/></a:xfrm>` +
    '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr>' +
    "</xdr:pic><xdr:clientData/></xdr:oneCellAnchor></xdr:wsDr>"
  );
}

/** Adds `rel` to the relationships part at `path` (made when missing); returns its id. */
async function addRelationship(zip: JSZip, path: string, type: string, target: string) {
  const existing = await zip.file(path)?.async("string");
  const xml =
    existing ??
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}"></Relationships>`;
  const ids = new Set([...xml.matchAll(/\bId="([^"]+)"/g)].map((m) => m[1]));
  let n = 1;
  while (ids.has(`rIdQr${n}`)) n++;
  const id = `rIdQr${n}`;
  zip.file(
    path,
    xml.replace(
      "</Relationships>",
      `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/></Relationships>`,
    ),
  );
  return id;
}

/**
 * Puts the PNG `png` on the sheet `placement.sheet` of the finished workbook `bytes`, anchored
 * as `placement` says, with `description` as its alternative text; returns the new package.
 */
export async function withQrPicture(
  bytes: Uint8Array,
  png: Uint8Array,
  placement: QrPlacement,
  description: string,
): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  const sheet = await sheetPath(zip, placement.sheet);
  const file = sheet.slice(sheet.lastIndexOf("/") + 1);
  const folder = sheet.slice(0, sheet.lastIndexOf("/"));
  let k = 1;
  while (zip.file(`xl/drawings/drawing${k}.xml`) !== null) k++;
  const drawing = `xl/drawings/drawing${k}.xml`;
  const media = `xl/media/qr-code-${k}.png`;

  zip.file(media, png);
  zip.file(drawing, drawingXml(placement, description));
  zip.file(
    `xl/drawings/_rels/drawing${k}.xml.rels`,
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}">` +
      `<Relationship Id="rId1" Type="${REL}/image" Target="../media/qr-code-${k}.png"/>` +
      "</Relationships>",
  );
  const id = await addRelationship(
    zip,
    `${folder}/_rels/${file}.rels`,
    "drawing",
    `../drawings/drawing${k}.xml`,
  );

  // <drawing> comes after the print setup (pageMargins, pageSetup, headerFooter, breaks) and
  // before legacy drawings, table parts and extensions (CT_Worksheet's order).
  const xml = (await zip.file(sheet)?.async("string")) ?? "";
  const element = `<drawing r:id="${id}"/>`;
  const before =
    /<(legacyDrawing|legacyDrawingHF|picture|oleObjects|controls|webPublishItems|tableParts|extLst)\b/.exec(
      xml,
    );
  zip.file(
    sheet,
    before === null
      ? xml.replace("</worksheet>", `${element}</worksheet>`)
      : `${xml.slice(0, before.index)}${element}${xml.slice(before.index)}`,
  );

  const types = (await zip.file("[Content_Types].xml")?.async("string")) ?? "";
  const png_ = /<Default Extension="png"/i.test(types)
    ? ""
    : '<Default Extension="png" ContentType="image/png"/>';
  zip.file(
    "[Content_Types].xml",
    types.replace(
      "</Types>",
      `${png_}<Override PartName="/${drawing}" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/></Types>`,
    ),
  );
  return zip.generateAsync({
    type: "uint8array",
    compression: "DEFLATE",
    compressionOptions: { level: 6 },
  });
}
