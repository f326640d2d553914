/**
 * Flaky end-to-end tests: those that passed only on a retry. They are named in the summary of
 * `npm test`, and a flaky test in a flow that must never flake fails the run: a retry that
 * passed there hides a fault a visitor would meet (a lost inquiry or application, a failed
 * sign-in or password reset).
 */

import path from "node:path";

/** The flows that must never flake, matched against "file > describe > title [project]". */
export const MUST_NOT_FLAKE = [
  { flow: "contact", re: /^contact\.spec\.ts > |\binquiry\b/i },
  { flow: "application", re: /\bappl(y|ication)\b/i },
  { flow: "sign-in", re: /\bsign(s|ed)? in\b|^auth\.spec\.ts > \/admin > /i },
  { flow: "reset", re: /\b(reset|recover)\b.*\bpassword|\bpassword\b.*\b(reset|recover)/i },
];

export const mustNotFlake = (name) => MUST_NOT_FLAKE.some((f) => f.re.test(name));

/** The full names ("file > describe > title [project]") of a Playwright JSON report's tests whose
 *  status is one of `statuses`. */
function playwrightTests(report, statuses) {
  const out = [];
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (statuses.includes(t.status)) out.push(`${[...here, spec.title].join(" > ")} [${t.projectName}]`);
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}

/** Every test of a Playwright JSON report that passed only on a retry, by its full name. */
export const flakyTests = (report) => playwrightTests(report, ["flaky"]);

/** Every test of a Playwright JSON report that failed on every try, by its full name. */
export const playwrightFailures = (report) => playwrightTests(report, ["unexpected"]);

/** Every failed test of a vitest JSON report: its file, its full name and its first message line. */
export function vitestFailures(report) {
  const out = [];
  for (const file of report?.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === "failed") {
        const why = String(t.failureMessages?.[0] ?? "")
          .split("\n")[0]
          .slice(0, 300);
        out.push(`${path.relative(process.cwd(), file.name)} > ${t.fullName}${why ? `: ${why}` : ""}`);
      }
  return out;
}
