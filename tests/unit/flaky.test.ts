/** The summary of `npm test` names flaky and failed tests and knows the flows that must never flake. */
import { describe, expect, it } from "vitest";
import { flakyTests, mustNotFlake, playwrightFailures, vitestFailures } from "../../scripts/lib/flaky.mjs";

const test = (status: string, projectName = "desktop") => ({ projectName, status, results: [] });
const report = {
  suites: [
    {
      title: "contact.spec.ts",
      specs: [
        { title: "an inquiry from form to sales", tests: [test("flaky"), test("expected", "phone")] },
        { title: "/ack without access goes home", tests: [test("expected")] },
      ],
    },
    {
      title: "auth.spec.ts",
      specs: [{ title: "recover a password through the e-mailed code", tests: [test("flaky", "phone")] }],
      suites: [
        {
          title: "/admin",
          specs: [{ title: "refuses wrong credentials", tests: [test("flaky")] }],
        },
      ],
    },
    {
      title: "marketing.spec.ts",
      specs: [{ title: "the home page carousel", tests: [test("flaky"), test("unexpected")] }],
    },
  ],
};

describe("flaky e2e tests", () => {
  it("are named with their file, describe block and project", () => {
    expect(flakyTests(report)).toEqual([
      "contact.spec.ts > an inquiry from form to sales [desktop]",
      "auth.spec.ts > recover a password through the e-mailed code [phone]",
      "auth.spec.ts > /admin > refuses wrong credentials [desktop]",
      "marketing.spec.ts > the home page carousel [desktop]",
    ]);
    expect(flakyTests(undefined)).toEqual([]);
  });

  it("in the contact, application, sign-in and reset flows must never flake; others may", () => {
    const [contact, reset, signIn, carousel] = flakyTests(report) as string[];
    expect(mustNotFlake(contact)).toBe(true);
    expect(mustNotFlake(reset)).toBe(true);
    expect(mustNotFlake(signIn)).toBe(true);
    expect(mustNotFlake(carousel)).toBe(false);
    expect(mustNotFlake("careers.spec.ts > apply: verify the e-mail, submit [phone]")).toBe(true);
    expect(
      mustNotFlake("auth.spec.ts > profile: then logout and sign in with the new password [phone]"),
    ).toBe(true);
    expect(mustNotFlake("careers.spec.ts > FAQ: search among answered [phone]")).toBe(false);
  });
});

describe("failed tests", () => {
  it("of Playwright are named like flaky ones", () => {
    expect(playwrightFailures(report)).toEqual(["marketing.spec.ts > the home page carousel [desktop]"]);
    expect(playwrightFailures(undefined)).toEqual([]);
  });

  it("of vitest are named with their file and the first line of their message", () => {
    const vitest = {
      testResults: [
        {
          name: `${process.cwd()}/tests/unit/slots.test.ts`,
          assertionResults: [
            { status: "passed", fullName: "slots are free", failureMessages: [] },
            {
              status: "failed",
              fullName: "slots > a taken slot is refused",
              failureMessages: ["AssertionError: expected 200 to be 409\n    at stack line"],
            },
          ],
        },
      ],
    };
    expect(vitestFailures(vitest)).toEqual([
      "tests/unit/slots.test.ts > slots > a taken slot is refused: AssertionError: expected 200 to be 409",
    ]);
    expect(vitestFailures(undefined)).toEqual([]);
  });
});
