import { invalidInput } from "@svc/compliance";
import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import * as v from "valibot";
import { clientRateLimit, type RateLimit } from "../app/client-rate-limit.js";
import { failureResponse } from "../app/map-failure.js";
import { declaredWithin, readBody, tooLarge } from "../app/mount-operation.js";
import { problem } from "../app/problem.js";
import type { AttestationStore } from "./attestation-store.js";
import { attestationVerdict } from "./attestation-verdict.js";
import type { EditionLookup } from "./attested-editions.js";
import {
  FingerprintParamSchema,
  FREE_ATTESTATION_ENDPOINTS,
  KEY_SET_CACHE_CONTROL,
  KEY_SET_MEDIA_TYPE,
  MAX_VERIFY_BODY_BYTES,
  VERIFY_RATE_LIMIT,
  VerifyRequestSchema,
} from "./free-attestation-endpoints.js";
import { type ServiceAttestation, serviceKeySet } from "./service-attestation.js";

/**
 * The free attestation endpoints: the service's public keys (`/.well-known/jwks.json`, the
 * current key and the retired ones, public halves only, cacheable for five minutes) and the
 * verification anyone can run (`POST /api/attestations/verify`): the JWS checked against those
 * keys and its addresses screened again on the attested edition when the service holds it.
 * Bounded: each client verifies at most `limit.burst` at once, then `limit.perSecond` (429
 * before anything is read); the body is refused from its declared length before it is read, and
 * read up to its limit, the longest attestation the service signs; only an attestation this
 * service signed reaches the edition lookup.
 */
export function mountAttestations(
  app: Hono,
  attestation: ServiceAttestation,
  editions: EditionLookup,
  limit: RateLimit = VERIFY_RATE_LIMIT,
  archive?: AttestationStore | undefined,
): void {
  // Built once: the set never changes while the service runs, and it refuses a private member.
  const keys = serviceKeySet(attestation);
  const published = JSON.stringify(keys);
  app.get(FREE_ATTESTATION_ENDPOINTS.keys.path, (c) =>
    c.body(published, 200, {
      "Content-Type": KEY_SET_MEDIA_TYPE,
      "Cache-Control": KEY_SET_CACHE_CONTROL,
    }),
  );
  app.post(
    FREE_ATTESTATION_ENDPOINTS.verify.path,
    every(
      clientRateLimit(limit),
      declaredWithin(MAX_VERIFY_BODY_BYTES),
      bodyLimit({
        maxSize: MAX_VERIFY_BODY_BYTES,
        onError: (c) => tooLarge(c, MAX_VERIFY_BODY_BYTES),
      }),
    ),
    async (c) => {
      const read = await readBody(c);
      if (!read.ok) return read.response;
      const parsed = v.safeParse(VerifyRequestSchema, read.value);
      if (!parsed.success) {
        if (typeof read.value !== "object" || read.value === null || Array.isArray(read.value)) {
          return problem(c, 400, "INVALID_INPUT", "The body must be a JSON object.", [
            { path: "", message: 'the body must be a JSON object {"attestation": "<JWS>"}' },
          ]);
        }
        return failureResponse(c, invalidInput(parsed.issues));
      }
      const verdict = await attestationVerdict(parsed.output.attestation, keys, editions);
      return c.json(verdict, 200, {
        "Cache-Control": FREE_ATTESTATION_ENDPOINTS.verify.answer.cacheControl,
      });
    },
  );
  // The lookup by fingerprint: one primary-key read and one verification, rate-limited as the
  // verification is (same limits, buckets of its own). Its path shares /api/attestations/ with the
  // verification's POST.
  app.get(ATTESTATION_LOOKUP_ROUTE, clientRateLimit(limit), async (c) => {
    const raw = c.req.param("fingerprint");
    if (raw === "verify") {
      return problem(c, 405, "METHOD_NOT_ALLOWED", "Use POST on this path.", undefined, {
        Allow: "POST",
      });
    }
    const parsed = v.safeParse(FingerprintParamSchema, { fingerprint: raw });
    if (!parsed.success) return failureResponse(c, invalidInput(parsed.issues));
    const { fingerprint } = parsed.output;
    const found = await archive?.find(fingerprint);
    if (found === undefined) {
      return problem(
        c,
        404,
        "ATTESTATION_NOT_FOUND",
        "This service holds no attestation with that fingerprint: it did not issue it, or no longer keeps it.",
      );
    }
    const verification = await attestationVerdict(found.jws, keys, editions);
    return c.json({ fingerprint, attestation: found.jws, verification }, 200, {
      "Cache-Control": FREE_ATTESTATION_ENDPOINTS.lookup.answer.cacheControl,
    });
  });
}

/** The lookup's route: `ATTESTATION_PATHS.lookup` in hono's spelling of a path parameter. */
const ATTESTATION_LOOKUP_ROUTE = FREE_ATTESTATION_ENDPOINTS.lookup.path.replace(
  "{fingerprint}",
  ":fingerprint",
);
