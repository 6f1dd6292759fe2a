/**
 * The library (and version) that writes each format, as documents name it in their properties
 * and the artifact summary. Here, apart from the renderers, so the light `./pool` entry can
 * name them without loading the libraries; a test checks each against the installed package.
 */
export const PDF_ENGINE = "@react-pdf/renderer 4.9.0";
export const DOCX_ENGINE = "docx 9.7.1";
export const XLSX_ENGINE = "exceljs 4.4.0";
