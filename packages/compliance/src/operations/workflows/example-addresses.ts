/**
 * A listed address of OFAC's SDN list (and of the embedded sample edition): Lazarus Group, ETH,
 * program DPRK3, listed 2019-09-13. The examples use it so they show a real match.
 */
export const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
