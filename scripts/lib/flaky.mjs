/**
 * Flaky end-to-end tests: those that passed only on a retry. They are named in the summary of
 * `npm test`, and a flaky test in a flow that must never flake fails the run: a retry that
 * passed there hides a fault a visitor would meet (a lost inquiry or application, a failed
 * sign-in or password reset).
 */

/** The flows that must never flake, matched against "file > describe > title [project]". */
export const MUST_NOT_FLAKE = [
  { flow: "contact", re: /^contact\.spec\.ts > |\binquiry\b/i },
  { flow: "application", re: /\bappl(y|ication)\b/i },
  { flow: "sign-in", re: /\bsign(s|ed)? in\b|^auth\.spec\.ts > \/admin > /i },
  { flow: "reset", re: /\b(reset|recover)\b.*\bpassword|\bpassword\b.*\b(reset|recover)/i },
];

export const mustNotFlake = (name) => MUST_NOT_FLAKE.some((f) => f.re.test(name));

/** Every test of a Playwright JSON report that passed only on a retry, by its full name. */
export function flakyTests(report) {
  const out = [];
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === "flaky") out.push(`${[...here, spec.title].join(" > ")} [${t.projectName}]`);
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}
