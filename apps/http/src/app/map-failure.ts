import type { Answer, Failure } from "@svc/compliance";
import type { Context } from "hono";
import { problem } from "./problem.js";

/** A refusal of the catalog (`Failure`) as the API's error body, with its status. */
export const failureResponse = (c: Context, failure: Failure): Response =>
  problem(
    c,
    failure.status,
    failure.code,
    failure.message,
    failure.issues,
    failure.retryAfterSeconds === undefined
      ? undefined
      : { "Retry-After": String(failure.retryAfterSeconds) },
    failure.moreIssues,
  );

/**
 * An operation's answer: its output as JSON (200), or its refusal with its status (400 with the
 * field paths, 413 or 503; never charged: the payment gate settles only answers below 400).
 */
export const answerResponse = (c: Context, answer: Answer<unknown>): Response =>
  answer.ok ? c.json(answer.output) : failureResponse(c, answer.failure);
