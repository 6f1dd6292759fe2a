import type { AttestationClaims } from "@svc/attestations";
import type { Report, ReportTable, Scalar } from "@svc/report-model";
import { signOffDifferences } from "./attested-sign-off.js";

/**
 * The sheets earlier versions of the service printed the attestation in (what it proves, then
 * the JWS in lines): not screening content, so never compared.
 */
const PRINTED_ATTESTATION_SHEETS = [
  "appendix_screening_attestation",
  "appendix_signed_attestation",
] as const;

/**
 * What a report's screening content states that its attestation does not, one line each (empty
 * when they agree): every attested address among the report's results with its attested status
 * and no result of an address not attested; the SDN entry ids the report names, the attested
 * ones exactly; the list edition (date of issue, SHA-256) and whether it is the embedded sample,
 * where the report states them; a "Status" headline. The report's results are read from the
 * tables the service's screening reports write (a results table with `status` and `address` or
 * `normalized_address` columns, a field/value table with "Status" and the address, `entry_id`
 * columns, the freshness or scope table's edition fields), so a report that states none of the
 * attested results is not backed by the attestation either. A sign-off form must ask for a
 * disposition of exactly the attested matches (`signOffDifferences`).
 */
export function attestedDifferences(claims: AttestationClaims, report: Report): string[] {
  const stated = statedScreening(report);
  const differences: string[] = [];
  const attestedKeys = new Set<string>();

  claims.request.addresses.forEach((requested, i) => {
    const attested = claims.result[i];
    if (attested === undefined) return;
    const keys = [addressKey(requested.address), addressKey(requested.normalizedAddress)];
    for (const k of keys) attestedKeys.add(k);
    const rows = stated.results.filter((r) => keys.includes(addressKey(r.address)));
    if (rows.length === 0) {
      differences.push(
        `${requested.address}: attested ${attested.status}, not among the report's results`,
      );
      return;
    }
    for (const row of rows) {
      if (row.status !== attested.status) {
        differences.push(
          `${requested.address}: the report says ${row.status || "nothing"}, the attestation says ${attested.status}`,
        );
      }
    }
  });
  for (const row of stated.results) {
    if (!attestedKeys.has(addressKey(row.address))) {
      differences.push(`${row.address}: in the report's results, not in the attestation`);
    }
  }

  const attestedIds = new Set(claims.result.flatMap((r) => r.entryIds));
  // A report with a table of designations (an `entry_id` column) must name every attested one;
  // a report without one (a batch summary) states no designation to contradict.
  for (const id of stated.namesEntries ? [...attestedIds].sort() : []) {
    if (!stated.entryIds.has(id)) differences.push(`SDN entry ${id}: attested, not in the report`);
  }
  for (const id of [...stated.entryIds].sort()) {
    if (!attestedIds.has(id)) differences.push(`SDN entry ${id}: in the report, not attested`);
  }

  const { list } = claims;
  for (const date of stated.editionDates) {
    if (date !== list.datasetDate) {
      differences.push(
        `list edition: the report says ${date}, the attestation ${list.datasetDate}`,
      );
    }
  }
  for (const sha of stated.editionSha256s) {
    if (sha !== list.datasetSha256) {
      differences.push(
        `dataset SHA-256: the report says ${sha}, the attestation ${list.datasetSha256}`,
      );
    }
  }
  const sample = list.sample === true;
  for (const said of stated.sample) {
    if (said !== sample) {
      differences.push(
        `the report says the list ${said ? "is" : "is not"} the embedded sample; the attestation says it ${sample ? "is" : "is not"}`,
      );
    }
  }
  const overall = claims.result.some((r) => r.status === "match") ? "match" : "clear";
  for (const status of stated.headlineStatus) {
    if (status !== overall) {
      differences.push(`headline status: the report says ${status}, the attestation ${overall}`);
    }
  }
  // The sign-off form asks a reviewer to decide the findings: they must be the attested ones.
  if (report.signOff !== undefined && report.signOff !== null) {
    differences.push(...signOffDifferences(claims, report.signOff));
  }
  return differences;
}

/** EVM addresses compare without case (checksum case is a display convention). */
const addressKey = (address: string): string => {
  const a = address.trim();
  return /^0x[0-9a-fA-F]{40}$/.test(a) ? a.toLowerCase() : a;
};

const text = (value: Scalar | undefined): string =>
  value === null || value === undefined ? "" : String(value).trim();

const word = (value: Scalar | undefined): string => text(value).toLowerCase();

const truthy = (value: Scalar | undefined): boolean =>
  value === true || ["true", "yes"].includes(word(value));

interface StatedScreening {
  readonly results: { readonly address: string; readonly status: string }[];
  readonly entryIds: Set<string>;
  /** Whether the report has a table of designations (an `entry_id` column), rows or none. */
  namesEntries: boolean;
  readonly editionDates: Set<string>;
  readonly editionSha256s: Set<string>;
  readonly sample: Set<boolean>;
  readonly headlineStatus: Set<string>;
}

/** The screening results, SDN entry ids and edition a report states in its tables and metrics. */
function statedScreening(report: Report): StatedScreening {
  const stated: StatedScreening = {
    results: [],
    entryIds: new Set(),
    namesEntries: false,
    editionDates: new Set(),
    editionSha256s: new Set(),
    sample: new Set(),
    headlineStatus: new Set(),
  };
  const appendix = new Set<string>(PRINTED_ATTESTATION_SHEETS);
  const tables: ReportTable[] = [
    ...report.sections.flatMap((s) => (s.table === null ? [] : [s.table])),
    ...report.tables,
    ...report.workbook,
  ].filter((t) => !appendix.has(t.key));
  for (const t of tables) {
    const at = (name: string) => t.columns.indexOf(name);
    if (at("field") === 0 && at("value") === 1 && t.columns.length === 2) {
      fieldValueStatements(t, stated);
      continue;
    }
    const status = at("status");
    const address = at("address") >= 0 ? at("address") : at("normalized_address");
    if (status >= 0 && address >= 0) {
      for (const row of t.rows) {
        stated.results.push({ address: text(row[address]), status: word(row[status]) });
      }
    }
    const entry = at("entry_id");
    if (entry >= 0) {
      stated.namesEntries = true;
      for (const row of t.rows) if (text(row[entry]) !== "") stated.entryIds.add(text(row[entry]));
    }
  }
  for (const m of report.metrics) {
    const label = m.label.trim().toLowerCase();
    if (label === "status") stated.headlineStatus.add(word(m.value));
    if (label === "list edition") stated.editionDates.add(text(m.value));
  }
  return stated;
}

/** A field/value table's statements: one wallet's result, the edition, the sample flag. */
function fieldValueStatements(t: ReportTable, stated: StatedScreening): void {
  const fields = new Map<string, Scalar>();
  for (const row of t.rows) fields.set(text(row[0]).toLowerCase(), row[1] ?? null);
  const address = fields.get("normalized address") ?? fields.get("address (as supplied)");
  if (address !== undefined && fields.has("status")) {
    stated.results.push({ address: text(address), status: word(fields.get("status")) });
  }
  const date = fields.get("edition (ofac date of issue)");
  if (date !== undefined) stated.editionDates.add(text(date));
  const sha = fields.get("dataset sha-256");
  if (sha !== undefined) stated.editionSha256s.add(word(sha));
  const sample = fields.get("embedded sample (not the ofac list)");
  if (sample !== undefined) stated.sample.add(truthy(sample));
}
