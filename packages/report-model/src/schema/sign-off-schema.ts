import * as v from "valibot";
import { SIGN_OFF_FINDINGS } from "../model/sign-off.js";
import { boundedArray } from "./bounded-schemas.js";
import { objectMessage } from "./object-message.js";
import { receivedType, receivedValue } from "./received.js";

/**
 * The wire shape of the model's `sign_off`: the reviewer's sign-off form (`ReportSignOff`).
 * Its objects are strict: a form has no member for a ticked box, a name, a signature or a date,
 * so a caller cannot send one that looks decided or signed; the documents print every box empty
 * and every line blank.
 */

/**
 * Rows of the form: it is printed on one page with the attestation's evidence, which holds
 * about ten; more continue on the pages before, the statement and approvals staying with the
 * evidence.
 */
const MAX_SIGN_OFF_DISPOSITIONS = 500;
const MAX_OPTIONS = 4;
const MAX_APPROVALS = 4;
const MAX_STATEMENT = 1_000;
const MAX_OPTION = 120;
const MAX_ADDRESS = 200;
const MAX_PARTY = 300;
const MAX_ROLE = 120;

type Issue = v.BaseIssue<unknown>;

/** A string of 1 to `max` characters; `name` is how messages call it. */
const text = (name: string, max: number, description: string) =>
  v.pipe(
    v.string((issue: Issue) => `${name} must be a string; got ${receivedType(issue.input)}`),
    v.minLength(1, `${name} must not be empty`),
    v.maxLength(max, (issue) => `${name} must be at most ${max} characters; got ${issue.received}`),
    v.description(description),
  );

const dispositionEntries = {
  position: v.optional(
    v.pipe(
      v.number(
        (issue: Issue) => `position must be a whole number ≥ 1; got ${receivedType(issue.input)}`,
      ),
      v.integer(
        (issue) => `position must be a whole number ≥ 1; got ${receivedValue(issue.input)}`,
      ),
      v.minValue(1, (issue) => `position must be a whole number ≥ 1; got ${issue.received}`),
      v.description("The wallet's position among those screened, from 1."),
    ),
  ),
  address: v.optional(
    text("address", MAX_ADDRESS, "The wallet to decide; absent for the one overall row."),
  ),
  finding: v.optional(
    v.pipe(
      v.picklist(
        SIGN_OFF_FINDINGS,
        (issue) =>
          `finding must be one of ${SIGN_OFF_FINDINGS.join(", ")}; got ${receivedValue(issue.input)}`,
      ),
      v.description(
        "What the wallet is decided for: match (on the list exactly) or near_match; with address.",
      ),
    ),
  ),
  party: v.optional(text("party", MAX_PARTY, "The listed party it matches or is near.")),
  options: boundedArray(
    text("each option", MAX_OPTION, "A disposition to tick, printed as an empty box."),
    { name: "options", min: 1, max: MAX_OPTIONS },
  ),
};

const DispositionSchema = v.pipe(
  v.strictObject(dispositionEntries, objectMessage("each disposition", dispositionEntries)),
  // A raw check: beyond JSON Schema, which publishes the members (convert.ts ignores it).
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const d = dataset.value;
    const named =
      d.address === undefined
        ? d.finding === undefined && d.position === undefined && d.party === undefined
        : d.finding !== undefined;
    if (!named) {
      addIssue({
        message:
          "a disposition names a wallet with address and finding (position and party optional), or none of them (the one overall row)",
      });
    }
  }),
);

const approvalEntries = {
  role: text("role", MAX_ROLE, 'Whose line it is, e.g. "Reviewer", "Second-level approval".'),
  note: v.optional(text("note", MAX_ROLE, 'Printed after the role, e.g. "required for a match".')),
};

const signOffEntries = {
  statement: text(
    "statement",
    MAX_STATEMENT,
    "What the reviewer attests by signing, printed above the rows.",
  ),
  dispositions: v.pipe(
    boundedArray(DispositionSchema, {
      name: "dispositions",
      min: 1,
      max: MAX_SIGN_OFF_DISPOSITIONS,
      description:
        "One row per wallet to decide (a match or a near match: position, address, finding, party, options), or one overall row without a wallet when there is nothing to decide.",
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      if (dataset.value.filter((d) => d.address === undefined).length > 1) {
        addIssue({ message: "dispositions may hold one overall row (without address) at most" });
      }
    }),
  ),
  approvals: boundedArray(
    v.strictObject(approvalEntries, objectMessage("each approval", approvalEntries)),
    {
      name: "approvals",
      min: 1,
      max: MAX_APPROVALS,
      description:
        "The approval lines in order (each printed with blank name and role, signature and date).",
    },
  ),
};

export const SignOffSchema = v.pipe(
  v.strictObject(signOffEntries, objectMessage("sign_off", signOffEntries)),
  v.description(
    "The reviewer's sign-off form: a statement, a disposition row per matched or near-matched wallet with empty boxes to tick and room for the reasons, and approval lines (name and role, signature, date) left blank. It records no decision and vouches for nothing: there is no member for a ticked box, a name, a signature or a date. Documents print it on one page, with the attestation's evidence when the report carries one.",
  ),
);

export type SignOffInput = v.InferInput<typeof SignOffSchema>;
export type SignOffWire = v.InferOutput<typeof SignOffSchema>;
