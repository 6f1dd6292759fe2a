import type { ReportSignOff } from "../model/sign-off.js";
import type { SignOffWire } from "../schema/sign-off-schema.js";

/** The wire's `sign_off` → the report's `signOff` (absent members become null). */
export function normalizeSignOff(wire: SignOffWire): ReportSignOff {
  return {
    statement: wire.statement,
    dispositions: wire.dispositions.map((d) => ({
      wallet:
        d.address === undefined || d.finding === undefined
          ? null
          : {
              position: d.position ?? null,
              address: d.address,
              finding: d.finding,
              party: d.party ?? null,
            },
      options: [...d.options],
    })),
    approvals: wire.approvals.map((a) => ({ role: a.role, note: a.note ?? null })),
  };
}
