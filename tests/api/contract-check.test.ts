/**
 * The check of every answer against its contract (tests/helpers/contract-check.ts, installed for
 * every test by setup.ts): a fake endpoint declaring a real contract is refused as soon as its
 * answer drifts (a field too many, a field of the wrong type, a missing one, another status, a
 * refusal without `error`), and passes when it answers what the contract says.
 */
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/server/http/endpoint";
import { json } from "../../src/server/http/responses";
import { jobsApi } from "../../src/shared/careers/api";
import { sessionsApi, endSessionApi } from "../../src/shared/staff/api";
import { call } from "../helpers/dashboard-call";
import { checkResponse } from "../helpers/contract-check";

const job = { id: 1, job_title: "SRE", required_experience: 3, skills: "Linux", description: "Run things." };

/** An endpoint that says it answers GET /api/jobs, and answers `body` with `status`. */
const fake = (body: unknown, status = 200) => endpoint(jobsApi, async () => json(body, { status }));

describe("an answer checked against its contract", () => {
  it("passes when it is what the contract says", async () => {
    const res = await call(fake({ jobs: [job] }), "/api/jobs");
    expect(await res.json()).toEqual({ jobs: [job] });
  });

  it("passes a refusal that carries its error", async () => {
    expect((await call(fake({ error: "No." }, 404), "/api/jobs")).status).toBe(404);
  });

  it.each([
    ["a field too many", { jobs: [{ ...job, salary: 1 }] }, /salary/],
    ["a field of the wrong type", { jobs: [{ ...job, id: "1" }] }, /jobs\.0\.id/],
    ["a missing field", { jobs: [{ ...job, description: undefined }] }, /jobs\.0\.description/],
    ["another top-level field", { jobs: [], total: 0 }, /total/],
  ])("refuses %s", async (_, body, named) => {
    await expect(call(fake(body), "/api/jobs")).rejects.toThrow(named);
  });

  it("refuses a success with a status the contract does not declare", async () => {
    await expect(call(fake({ jobs: [] }, 201), "/api/jobs")).rejects.toThrow(/201; its contract says 200/);
  });

  it("refuses a refusal without its error", async () => {
    await expect(call(fake({ message: "No." }, 400), "/api/jobs")).rejects.toThrow(/error/);
  });

  it("refuses a success to a method the endpoint does not take", async () => {
    // endpoint() answers such a request 405 itself; the check is the second line of defence.
    const post = new Request("http://localhost/api/jobs", { method: "POST" });
    await expect(checkResponse([jobsApi], post, json({ jobs: [] }))).rejects.toThrow(
      /no contract of this endpoint takes POST/,
    );
  });

  it("picks the contract of the request's method and path on an endpoint with two", async () => {
    const both = [sessionsApi, endSessionApi];
    const at = (path: string, method = "GET") => new Request(`http://localhost${path}`, { method });
    await checkResponse(both, at("/api/sessions"), json({ sessions: [] }));
    // { success: true } lacks the message of DELETE /api/sessions/:id.
    await expect(
      checkResponse(both, at("/api/sessions/abcdefghijkl", "DELETE"), json({ success: true })),
    ).rejects.toThrow(/message/);
  });
});
