import { describe, expect, it } from "vitest";
import { sentFrom } from "../../src/server/contact/lead-export";

describe("the leads export's Sent from, in one form", () => {
  it.each([
    ["https://www.company.test/managed-cloud-services", "/managed-cloud-services"],
    ["/l1-support", "/l1-support"],
    ["https://www.company.test/", "/"],
    // Another site's page is not a page of this site: its whole address says where the buyer was.
    ["https://search.example/results", "https://search.example/results"],
    [null, ""],
  ])("%j -> %j", (page, shown) => expect(sentFrom(page, "https://www.company.test")).toBe(shown));
});
