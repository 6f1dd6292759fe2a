import * as v from "valibot";

const SHA256 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
const DATE = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

/**
 * `GET /api/list/editions`: the stored editions, newest first (`StoredEditions.storedEditions`,
 * or the loaded one alone). Published in OpenAPI; the routes' tests hold real answers to it.
 */
export const EditionsAnswerSchema = v.looseObject({
  success: v.literal(true),
  data: v.looseObject({
    editions: v.array(
      v.looseObject({
        datasetDate: DATE,
        datasetSha256: SHA256,
        addressCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
        storedAt: v.pipe(
          v.nullable(v.string()),
          v.description("When the service stored it (ISO 8601); null for one loaded, not stored."),
        ),
      }),
    ),
  }),
});

const edition = v.looseObject({ datasetDate: DATE, datasetSha256: SHA256 });
const party = v.looseObject({
  profileId: v.string(),
  entityName: v.string(),
  programs: v.pipe(v.array(v.string()), v.description("The party's program codes, sorted.")),
});
const entry = {
  asset: v.string(),
  address: v.pipe(v.string(), v.description("The published form.")),
  normalizedAddress: v.string(),
  parties: v.array(party),
};
const counts = v.record(v.string(), v.pipe(v.number(), v.integer(), v.minValue(0)));

/**
 * `GET /api/list/changes`: what changed between two stored editions (`EditionDiff` of
 * @svc/ofac-index). Published in OpenAPI; the routes' tests hold real answers to it.
 */
export const ChangesAnswerSchema = v.looseObject({
  success: v.literal(true),
  data: v.looseObject({
    from: edition,
    to: edition,
    added: v.array(v.looseObject(entry)),
    removed: v.array(v.looseObject(entry)),
    republished: v.array(
      v.looseObject({
        ...entry,
        previousAddress: v.pipe(v.string(), v.description("The form in the older edition.")),
      }),
    ),
    changed: v.pipe(
      v.array(
        v.looseObject({
          ...entry,
          previousParties: v.pipe(
            v.array(party),
            v.description("The pair's parties in the older edition."),
          ),
        }),
      ),
      v.description(
        "Pairs listed in both editions whose parties changed: one added or dropped, renamed, or its programs changed.",
      ),
    ),
    summary: v.looseObject({
      added: v.number(),
      removed: v.number(),
      republished: v.number(),
      changed: v.number(),
      addedByAsset: counts,
      removedByAsset: counts,
    }),
  }),
});
