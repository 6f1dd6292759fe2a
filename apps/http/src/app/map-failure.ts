import { type Answer, classifyFailure, type Failure } from "@svc/compliance";
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
 * What an operation's failure means to the caller (`classifyFailure` of @svc/compliance): 400
 * with the field paths, 413, or 503. Anything else is rethrown and becomes a 500 without
 * internals. None of these is charged (the payment gate settles only answers below 400).
 */
export function mapFailure(c: Context, error: unknown): Response {
  const failure = classifyFailure(error);
  if (failure === undefined) throw error;
  return failureResponse(c, failure);
}

/** An operation's answer: its output as JSON (200), or its refusal with its status. */
export const answerResponse = (c: Context, answer: Answer<unknown>): Response =>
  answer.ok ? c.json(answer.output) : failureResponse(c, answer.failure);
