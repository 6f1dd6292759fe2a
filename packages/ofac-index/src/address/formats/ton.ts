import { base64, base64url, hex } from "@scure/base";
import { bad, type FormatVerdict, ok } from "../address-format.js";
import { crc16Xmodem } from "./crc16-xmodem.js";

const RAW = /^(0|-1):([0-9a-fA-F]{64})$/;
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/;
/** Bounceable and non-bounceable, each also flagged test-only (0x80). */
const TAGS: ReadonlySet<number> = new Set([0x11, 0x51, 0x91, 0xd1]);

const raw = (workchain: number, account: Uint8Array | string): string =>
  `${workchain}:${typeof account === "string" ? account.toLowerCase() : hex.encode(account)}`;

function decodeFriendly(s: string): Uint8Array | null {
  const urlSafe = /[-_]/.test(s);
  if (urlSafe && /[+/]/.test(s)) return null;
  try {
    return (urlSafe ? base64url : base64).decode(s);
  } catch {
    return null;
  }
}

/**
 * TON: the user-friendly form, 48 characters of base64 or base64url holding a tag (bounceable or
 * not, test-only or not), the workchain (0 or -1), the 32-byte account and a CRC-16/XMODEM
 * checksum, big endian; or the raw form `workchain:64 hex digits`. One account has several
 * user-friendly forms: its canonical form is the raw one, so every form of it matches.
 *
 * Null for a 48-character string that is no TON address at all (wrong tag or workchain); a
 * refusal when only its checksum fails.
 */
export function tonAddress(s: string): FormatVerdict | null {
  const r = RAW.exec(s);
  if (r !== null) return ok("ton", raw(Number(r[1]), r[2] as string));
  if (!FRIENDLY.test(s)) return null;
  const bytes = decodeFriendly(s);
  if (bytes === null || bytes.length !== 36) return null;
  const tag = bytes[0] as number;
  const workchain = bytes[1] === 0xff ? -1 : bytes[1] === 0 ? 0 : null;
  if (!TAGS.has(tag) || workchain === null) return null;
  const crc = ((bytes[34] as number) << 8) | (bytes[35] as number);
  if (crc !== crc16Xmodem(bytes.subarray(0, 34))) {
    return bad("ton", "its TON checksum does not match", s);
  }
  return ok("ton", raw(workchain, bytes.subarray(2, 34)));
}
