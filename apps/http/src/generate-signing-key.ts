#!/usr/bin/env node
import { generateSigningKey, publicJwk } from "@svc/attestations";

// A new signing key for SIGNING_KEY: the private JWK (one line of JSON) on stdout, its public
// half on stderr (what /.well-known/jwks.json will publish; put it in SIGNING_KEYS_RETIRED
// once the key is rotated out). `node dist/generate-signing-key.js [ES256]`.
const algorithm = process.argv[2] === "ES256" ? "ES256" : "EdDSA";
const key = await generateSigningKey({ algorithm });
console.log(JSON.stringify(key));
console.error(`public key (kid ${key.kid}): ${JSON.stringify(publicJwk(key))}`);
