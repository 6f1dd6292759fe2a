/**
 * Helpers for the tests of code that screens: fresh, well-formed addresses of every format the
 * grammar accepts. Not for production use.
 */
export {
  RANDOM_FORMATS,
  randomAddress,
  randomLongestAddress,
} from "./testing/random-address.js";
